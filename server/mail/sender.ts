import type { Db } from "../db/database";
import { headerSafe } from "./compose";
import type { OutboxRow } from "./outbox";

/** One address, given as an object so that nothing in it is parsed as a list or a display name. */
export interface Address {
  name: string;
  address: string;
}

/** The part of a nodemailer transporter the sender uses. */
export interface MailTransport {
  sendMail(message: {
    from: string | Address;
    to: Address;
    replyTo?: Address;
    subject: string;
    text: string;
    headers: Record<string, string>;
  }): Promise<unknown>;
  close?(): void;
}

export interface SenderOptions {
  from: string | Address;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  log: { info(msg: string): void; warn(msg: string): void; error(msg: string): void };
  now?: () => number;
}

const batchSize = 25;
/** The longest a timer may wait (setTimeout's limit). */
const maxTimer = 2 ** 31 - 1;

/**
 * Sends what the outbox holds. At start it tries every unsent e-mail at once (a restart often
 * follows a fix); after that, an e-mail that fails waits `retryBaseMs`, then twice as long after
 * each further failure (at most `retryMaxMs`), with its attempts and next attempt time stored, so
 * the schedule survives restarts. After `maxAttempts` it is marked failed and stays in the table.
 * Delivery is at least once: a crash between the SMTP server's acceptance and the row's update
 * sends that e-mail again.
 */
export class OutboxSender {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly options: SenderOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.trigger(true);
  }

  /** A new e-mail was committed: send it soon. */
  kick(): void {
    if (!this.stopped) this.trigger(false);
  }

  /** Stops scheduling and waits for the send in progress to finish. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close?.();
  }

  /** Resolves when no send is in progress (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private trigger(everything: boolean): void {
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.run(everything)
      .catch((error: unknown) => this.options.log.error(`mail: outbox run failed: ${message(error)}`))
      .finally(() => {
        this.running = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.trigger(false);
        } else {
          this.schedule();
        }
      });
  }

  private async run(everything: boolean): Promise<void> {
    const select = this.db.prepare(
      `SELECT * FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND id > ? AND (? OR next_attempt_at <= ?)
       ORDER BY id LIMIT ${batchSize}`,
    );
    let cursor = 0;
    for (;;) {
      if (this.stopped) return;
      const rows = select.all(cursor, everything ? 1 : 0, new Date(this.now()).toISOString()) as OutboxRow[];
      if (rows.length === 0) return;
      for (const row of rows) {
        if (this.stopped) return;
        cursor = row.id;
        await this.deliver(row);
      }
    }
  }

  private async deliver(row: OutboxRow): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: { name: "", address: headerSafe(row.recipient, 254) },
        ...(row.reply_to ? { replyTo: { name: "", address: headerSafe(row.reply_to, 254) } } : {}),
        subject: headerSafe(row.subject),
        text: row.body,
        headers: Object.fromEntries(
          Object.entries(JSON.parse(row.headers) as Record<string, string>).map(([name, value]) => [headerSafe(name, 100), headerSafe(value, 1000)]),
        ),
      });
    } catch (error) {
      this.failed(row, error);
      return;
    }
    if (!this.db.open) return;
    this.db.prepare("UPDATE outbox SET sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?").run(new Date(this.now()).toISOString(), row.id);
  }

  private failed(row: OutboxRow, error: unknown): void {
    if (!this.db.open) return;
    const attempts = row.attempts + 1;
    const now = this.now();
    const reason = message(error).slice(0, 500);
    if (attempts >= this.options.maxAttempts) {
      this.db
        .prepare("UPDATE outbox SET attempts = ?, last_error = ?, failed_at = ? WHERE id = ?")
        .run(attempts, reason, new Date(now).toISOString(), row.id);
      this.options.log.error(`mail: giving up on outbox e-mail ${row.id} after ${attempts} attempts: ${reason}`);
      return;
    }
    const delay = Math.min(this.options.retryMaxMs, this.options.retryBaseMs * 2 ** (attempts - 1));
    this.db
      .prepare("UPDATE outbox SET attempts = ?, last_error = ?, next_attempt_at = ? WHERE id = ?")
      .run(attempts, reason, new Date(now + delay).toISOString(), row.id);
    this.options.log.warn(`mail: outbox e-mail ${row.id} not sent (attempt ${attempts}), retrying in ${delay} ms: ${reason}`);
  }

  /** Wakes up when the earliest waiting e-mail is due. */
  private schedule(): void {
    if (this.stopped || !this.db.open) return;
    const next = this.db
      .prepare("SELECT min(next_attempt_at) AS next FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL")
      .get() as { next: string | null };
    if (!next.next) return;
    const delay = Math.min(maxTimer, Math.max(0, Date.parse(next.next) - this.now()));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.trigger(false);
    }, delay);
    this.timer.unref();
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
