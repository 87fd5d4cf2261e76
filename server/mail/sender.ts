import { headerSafe } from "./compose";
import type { InlineImage } from "./logo";
import type { Outbox, PendingMail } from "#core/mail";

/** One address, given as an object so that nothing in it is parsed as a list or a display name. */
interface Address {
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
    html?: string;
    headers: Record<string, string>;
    attachments?: { filename: string; contentType: string; content: string | Buffer; cid?: string }[];
    /** `<left@domain>`; without it nodemailer would make a new one at every attempt. */
    messageId: string;
    /**
     * Told once the whole message is on its way to the relay (its last byte handed to the
     * connection, before the relay's answer): from then on the relay may deliver it whatever
     * becomes of the connection (./transport.ts).
     */
    handedOver?: () => void;
  }): Promise<unknown>;
  /** Closes the connections; with `force`, also those in the middle of a delivery (whose sends then fail at once). */
  close?(options?: { force?: boolean }): void;
}

export interface SenderOptions {
  /** The From of every e-mail, or where to read it at each send (the estate's address as the content says it now). */
  from: string | Address | (() => string | Address);
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
  /** E-mails handed to the transport at once (a pooled transport sends them over its connections). */
  concurrency?: number;
  /** How long `stop()` keeps sending what is due, unless `drainUntil` set a deadline first. */
  drainMs?: number;
  log: { info(msg: string): void; warn(msg: string): void; error(msg: string): void };
  now?: () => number;
  /** Pictures an HTML part may name by `cid:` (the logo, ./logo.ts), attached to each e-mail that does. */
  inlineImages?: readonly InlineImage[];
  /**
   * How long an e-mail this sender takes stays its own (`Outbox.claim`) unless its attempt is
   * recorded first: longer than the transport's longest send (./transport.ts: 30 s to connect, 30 s
   * for the greeting, 60 s of silence), so that no other sender takes an e-mail still being sent.
   */
  claimMs?: number;
}

/** `SenderOptions.claimMs` by default: twice the transport's longest send. */
const defaultClaimMs = 4 * 60_000;
/** The longest part of the shutdown kept for sends already handed to the SMTP server. */
const inFlightReserveMs = 5000;
/** How many of the relay's latest answer times the shutdown judges its pace by. */
const pacedBy = 20;

/**
 * Why an e-mail is not sent again: the relay had it when the shutdown's time ran out and had not
 * answered. It may well have delivered it (a relay that has the whole message usually does), and
 * SMTP cannot tell (RFC 1047): a second copy is the worse outcome. Stored as the row's last error.
 */
const inDoubtReason =
  "in doubt: the SMTP relay had this e-mail but had not answered when the server stopped; it may have delivered it, so it is not sent again";

/** The domain of the From address, for the right part of Message-IDs. */
function fromDomain(from: string | Address): string {
  const address = typeof from === "string" ? (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from) : from.address;
  return (
    address
      .slice(address.lastIndexOf("@") + 1)
      .trim()
      .toLowerCase() || "localhost"
  );
}
/** The longest a timer may wait (setTimeout's limit). */
const maxTimer = 2 ** 31 - 1;

/**
 * Sends what the outbox holds. At start it tries every unsent e-mail at once (a restart often
 * follows a fix); after that, an e-mail that fails waits `retryBaseMs`, then twice as long after
 * each further failure (at most `retryMaxMs`), with its attempts and next attempt time stored, so
 * the schedule survives restarts. After `maxAttempts` it is marked failed and stays in the table.
 * Delivery is at least once: a crash between the SMTP server's acceptance and the row's update
 * sends that e-mail again, with the same Message-ID (each row keeps one), so the receiver can drop
 * the copy. Up to `concurrency` e-mails are in the transport at once.
 */
export class OutboxSender {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  /** Set by `stop()`: send what is due, but schedule nothing for later. */
  private draining = false;
  private deadline: number | null = null;
  /** After a round found the relay unreachable, no round starts before this time (ms, on `now`). */
  private pausedUntil = 0;
  /** Rounds in a row that found the relay unreachable: the pause doubles with each. */
  private downRounds = 0;
  /** E-mails handed to the transport and not yet answered. */
  private readonly inFlight = new Map<number, PendingMail>();
  /** Of those, the ones whose whole message the relay has. */
  private readonly withRelay = new Set<number>();
  /** Those recorded in doubt at the shutdown's deadline: their late failure records nothing. */
  private readonly abandoned = new Set<number>();
  /** The relay's latest answer times (ms), newest last. */
  private readonly answerTimes: number[] = [];
  private readonly now: () => number;

  constructor(
    private readonly outbox: Outbox,
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

  /** A new e-mail was committed: send it soon (after the pause, when the relay was found down). */
  kick(): void {
    if (!this.stopped && this.now() >= this.pausedUntil) this.trigger(false);
  }

  /** Sets when `stop()` must give up sending (the server's shutdown deadline, in ms since the epoch). */
  drainUntil(deadline: number): void {
    this.deadline = deadline;
  }

  /**
   * Shuts down gracefully: keeps sending every e-mail that is due (those queued by the last
   * requests included) until none is left or the deadline nears; then starts no new send, and
   * waits for those already handed to the SMTP server, so that each is recorded as sent (or to be
   * retried) before the database closes. "Nears" is judged by the relay's pace too: no send starts
   * that twice the relay's slowest recent answer would carry past the deadline. At the deadline,
   * the e-mails whose whole message the relay has without an answer are recorded in doubt
   * (`inDoubtReason`: not sent again, where a copy after the restart was delivered twice) and the
   * transport is closed, its busy connections too; the others stay in the outbox.
   * Says how many e-mails are left unsent in the outbox (sent after the next start).
   */
  async stop(): Promise<{ unsent: number }> {
    const deadline = this.deadline ?? Date.now() + (this.options.drainMs ?? 0);
    // New sends stop early enough for the last ones to get their answer before the deadline.
    const reserve = Math.max(Math.min(inFlightReserveMs, Math.max(0, deadline - Date.now()) / 2), 2 * Math.max(0, ...this.answerTimes));
    const lastStart = deadline - reserve;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.stopped) {
      this.draining = true;
      while (Date.now() < lastStart && this.outbox.open) {
        if (!this.running) {
          if (!this.hasDue() || this.now() < this.pausedUntil) break;
          this.trigger(false);
        }
        await Promise.race([this.running, sleep(lastStart - Date.now())]);
      }
    }
    this.stopped = true;
    const settled = await Promise.race([(this.running ?? Promise.resolve()).then(() => true), sleep(deadline - Date.now()).then(() => false)]);
    if (!settled && this.outbox.open) {
      // A message the relay never had in full (a relay that did not greet, a message cut off
      // halfway) it discards: that e-mail stays in the outbox and goes after the restart.
      for (const mail of this.inFlight.values()) {
        if (!this.withRelay.has(mail.id)) continue;
        this.abandoned.add(mail.id);
        await this.outbox.markFailed(mail.id, mail.attempts + 1, inDoubtReason, new Date(this.now()).toISOString());
      }
      if (this.abandoned.size > 0)
        this.options.log.warn(
          `mail: ${this.abandoned.size} e-mail(s) were with the SMTP relay without an answer when the time ran out: recorded in doubt, not sent again`,
        );
    }
    // Past the deadline, what still hangs is given up: its connections are closed now (a relay that
    // never answers would otherwise hold them open until its socket timeout, and the server's
    // emergency timer would end the process first), which fails those sends at once.
    this.transport.close?.(settled ? undefined : { force: true });
    // Their failures are recorded too (those in doubt record nothing) before the database closes.
    if (!settled) await Promise.race([this.running, sleep(1000)]);
    return { unsent: this.outbox.open ? this.outbox.unsentCount() : 0 };
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
        // A kick during the round: another round now, unless this one found the relay down (then after its pause, as a kick would be).
        const again = this.again && this.now() >= this.pausedUntil;
        this.again = false;
        if (again) this.trigger(false);
        else this.schedule();
      });
  }

  private hasDue(): boolean {
    const now = new Date(this.now()).toISOString();
    return this.outbox.pending(0, now, 1, now).length > 0;
  }

  /**
   * One round: every due e-mail (every unsent one at start-up), each taken from the outbox
   * (`claim`) right before it is handed to the transport, so that another sender on the same
   * database (a second instance) sends it not a second time. The round stops at the first failure
   * of the relay itself (no connection, no greeting, refused credentials): every other e-mail
   * would fail the same way, so they are not tried and keep their attempts. It ends with one log
   * line when anything failed, never one per e-mail.
   */
  private async run(everything: boolean): Promise<void> {
    const concurrency = Math.max(1, this.options.concurrency ?? 1);
    const claimMs = this.options.claimMs ?? defaultClaimMs;
    const round: Round = { sent: 0, retrying: 0, givenUp: [], relayDown: null, lastError: null };
    // Past the cursor only: an e-mail that failed this round is not taken again in it.
    let cursor = 0;
    // A few workers take the due e-mails in order, each waiting for its own to be sent.
    const worker = async () => {
      while (!this.stopped && this.outbox.open && round.relayDown === null) {
        const now = this.now();
        const mail = await this.outbox.claim(
          cursor,
          everything ? null : new Date(now).toISOString(),
          new Date(now).toISOString(),
          new Date(now + claimMs).toISOString(),
        );
        if (!mail) return;
        cursor = Math.max(cursor, mail.id);
        await this.deliver(mail, round);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    // An e-mail sent may let a later one to the same address go (the outbox holds it back until
    // then, ../db/outbox.ts): another round looks, and ends at once when nothing is due.
    if (round.sent > 0) this.again = true;
    this.report(round);
  }

  private async deliver(mail: PendingMail, round: Round): Promise<void> {
    const files = (mail.attachments ?? []).map((file) => ({
      filename: headerSafe(file.filename, 100),
      contentType: headerSafe(file.contentType, 100),
      content: file.content as string | Buffer,
    }));
    const html = mail.html ?? undefined;
    const pictures = html ? (this.options.inlineImages ?? []).filter((image) => html.includes(`cid:${image.cid}`)) : [];
    const attachments = [
      ...files,
      ...pictures.map((image) => ({ filename: image.filename, contentType: image.contentType, content: image.content, cid: image.cid })),
    ];
    const started = Date.now();
    this.inFlight.set(mail.id, mail);
    const from = typeof this.options.from === "function" ? this.options.from() : this.options.from;
    try {
      await this.transport.sendMail({
        from,
        to: { name: "", address: headerSafe(mail.to, 254) },
        ...(mail.replyTo ? { replyTo: { name: "", address: headerSafe(mail.replyTo, 254) } } : {}),
        subject: headerSafe(mail.subject),
        text: mail.text,
        ...(html ? { html } : {}),
        headers: Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [headerSafe(name, 100), headerSafe(value, 1000)])),
        ...(attachments.length > 0 ? { attachments } : {}),
        messageId: `<${mail.messageId}@${fromDomain(from)}>`,
        handedOver: () => this.withRelay.add(mail.id),
      });
    } catch (error) {
      this.inFlight.delete(mail.id);
      this.withRelay.delete(mail.id);
      if (this.abandoned.has(mail.id)) return;
      await this.failed(mail, error, round);
      return;
    }
    this.inFlight.delete(mail.id);
    this.withRelay.delete(mail.id);
    this.answerTimes.push(Date.now() - started);
    if (this.answerTimes.length > pacedBy) this.answerTimes.shift();
    round.sent += 1;
    if (!this.outbox.open) return;
    await this.outbox.markSent(mail.id, new Date(this.now()).toISOString());
  }

  private async failed(mail: PendingMail, error: unknown, round: Round): Promise<void> {
    // Relays quote the recipient ("550 <person@example.com> unknown"): the log and the table must not keep it.
    const reason = withoutAddresses(message(error)).slice(0, 500);
    round.lastError = reason;
    if (isRelayFailure(error)) round.relayDown ??= reason;
    if (!this.outbox.open) return;
    const attempts = mail.attempts + 1;
    const now = this.now();
    if (attempts >= this.options.maxAttempts) {
      round.givenUp.push(mail.id);
      await this.outbox.markFailed(mail.id, attempts, reason, new Date(now).toISOString());
      return;
    }
    round.retrying += 1;
    const delay = Math.min(this.options.retryMaxMs, this.options.retryBaseMs * 2 ** (attempts - 1));
    await this.outbox.markRetry(mail.id, attempts, reason, new Date(now + delay).toISOString());
  }

  /** The round's one log line, and the pause before the next round when the relay was down. */
  private report(round: Round): void {
    const { log, retryBaseMs, retryMaxMs } = this.options;
    const givenUp =
      round.givenUp.length > 0
        ? `, ${round.givenUp.length} given up (outbox ${round.givenUp.slice(0, 10).join(", ")}${round.givenUp.length > 10 ? " …" : ""})`
        : "";
    if (round.relayDown !== null) {
      this.downRounds += 1;
      const pause = Math.min(retryMaxMs, retryBaseMs * 2 ** (this.downRounds - 1));
      this.pausedUntil = this.now() + pause;
      const waiting = this.outbox.open ? this.outbox.unsentCount() : 0;
      log.warn(
        `mail: the SMTP relay cannot be reached (${round.relayDown}): ${round.sent} sent, ${round.retrying} to retry${givenUp}, ${waiting} wait in the outbox, not tried this round; next round in ${pause} ms`,
      );
      return;
    }
    this.downRounds = 0;
    this.pausedUntil = 0;
    if (round.retrying === 0 && round.givenUp.length === 0) return;
    const line = `mail: ${round.sent} sent, ${round.retrying} not sent and to retry${givenUp}; last error: ${round.lastError}`;
    if (round.givenUp.length > 0) log.error(line);
    else log.warn(line);
  }

  /** Wakes up when the earliest waiting e-mail is due, and not before the relay's pause ends. */
  private schedule(): void {
    if (this.stopped || this.draining || !this.outbox.open) return;
    const next = this.outbox.nextAttemptAt();
    if (!next) return;
    const delay = Math.min(maxTimer, Math.max(0, Math.max(Date.parse(next), this.pausedUntil) - this.now()));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.trigger(false);
    }, delay);
    this.timer.unref();
  }
}

/** What one round of sending did. */
interface Round {
  sent: number;
  retrying: number;
  /** Outbox ids of the e-mails given up on in this round. */
  givenUp: number[];
  /** Why the relay itself failed, once it did: the round stops there. */
  relayDown: string | null;
  lastError: string | null;
}

/** Codes of a relay that cannot be used at all, as nodemailer names them (a connection's errors come with command CONN). */
const relayFailureCodes = new Set([
  "ECONNECTION",
  "ETIMEDOUT",
  "ESOCKET",
  "EDNS",
  "EAUTH",
  "ECONNREFUSED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** Whether the relay itself failed (not this e-mail): every e-mail would fail the same way now. */
function isRelayFailure(error: unknown): boolean {
  const { code, command } = typeof error === "object" && error !== null ? (error as { code?: unknown; command?: unknown }) : {};
  if (command === "CONN" || relayFailureCodes.has(String(code))) return true;
  return /\b(ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)\b/.test(message(error));
}

/** An SMTP error's text without the e-mail addresses it quotes. */
const withoutAddresses = (text: string) => text.replace(/[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g, "[address]");

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
