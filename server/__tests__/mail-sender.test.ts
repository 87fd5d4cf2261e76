import { afterEach, describe, expect, it } from "vitest";
import { translator } from "#locales";
import { openDatabase, type Db } from "../db/database";
import { composeConfirmation, composeNotification, headerSafe } from "../mail/compose";
import { enqueueMail, OutboxTable, type OutboxRow } from "../db/outbox";
import { OutboxSender, type MailTransport } from "../mail/sender";
import { logoCid } from "../mail/layout";
import { createMailTransport } from "../mail/transport";
import { testMailContext, tempDataDir, TestSmtp, validPayloads, waitFor } from "./support/fixtures";
import { answerAfter } from "../../tests/support/pacing";
import { onPostgres, openTestDatabase } from "./support/test-database";

const context = {
  ...testMailContext("en", "https://site.example"),
  estateNames: { en: "Château Test", fr: "Château Test", zh: "测试酒庄", es: "Château Test", ja: "シャトー・テスト" },
  estateEmail: "estate@example.org",
  tradeEmail: "trade@example.org",
};
const silent = { info() {}, warn() {}, error() {} };

let db: Db | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

class FakeTransport implements MailTransport {
  up = false;
  sent: Parameters<MailTransport["sendMail"]>[0][] = [];
  async sendMail(message: Parameters<MailTransport["sendMail"]>[0]) {
    if (!this.up) throw new Error("connect ECONNREFUSED 127.0.0.1:25");
    this.sent.push(message);
  }
}

describe("OutboxSender", () => {
  it("retries with exponential backoff, capped, stores each attempt, then marks the e-mail failed", async () => {
    db = openDatabase(tempDataDir());
    let clock = Date.parse("2027-01-01T00:00:00.000Z");
    const mail = composeNotification("contactMessage", "id-1", validPayloads.contactMessage, new Date(clock).toISOString(), context);
    enqueueMail(db, mail, { type: "contact-messages", id: "id-1" }, new Date(clock).toISOString());
    const transport = new FakeTransport();
    const sender = new OutboxSender(new OutboxTable(db), transport, {
      from: "site@example.org",
      retryBaseMs: 100,
      retryMaxMs: 300,
      maxAttempts: 5,
      log: silent,
      now: () => clock,
    });
    const row = () => db!.prepare("SELECT * FROM outbox").get() as OutboxRow;
    const at = (offset: number) => new Date(Date.parse("2027-01-01T00:00:00.000Z") + offset).toISOString();
    const step = async (to: number) => {
      clock = Date.parse("2027-01-01T00:00:00.000Z") + to;
      sender.kick();
      await sender.idle();
    };

    sender.start();
    await sender.idle();
    expect(row()).toMatchObject({ attempts: 1, next_attempt_at: at(100), sent_at: null, failed_at: null });
    expect(row().last_error).toContain("ECONNREFUSED");
    await step(50); // not due yet
    expect(row().attempts).toBe(1);
    await step(100);
    expect(row()).toMatchObject({ attempts: 2, next_attempt_at: at(300) });
    await step(300);
    expect(row()).toMatchObject({ attempts: 3, next_attempt_at: at(600) }); // 400 capped to 300
    await step(600);
    expect(row()).toMatchObject({ attempts: 4, next_attempt_at: at(900) });
    await step(900);
    expect(row()).toMatchObject({ attempts: 5, failed_at: at(900), sent_at: null });
    transport.up = true;
    await step(5000);
    expect(transport.sent).toEqual([]);
    await sender.stop();
  });

  it("sends with the stored headers, from the configured sender, and marks the row sent", async () => {
    db = openDatabase(tempDataDir());
    const now = new Date().toISOString();
    const mail = composeConfirmation("zh", "li@example.cn", { confirm: "c".repeat(32), unsubscribe: "u".repeat(32) }, context);
    enqueueMail(db, mail, { type: "newsletter-signups", id: "id-2" }, now);
    const transport = new FakeTransport();
    transport.up = true;
    const logo = { cid: logoCid, filename: "logo.png", contentType: "image/png", content: Buffer.from("png") };
    const sender = new OutboxSender(new OutboxTable(db), transport, {
      from: "site@example.org",
      retryBaseMs: 100,
      retryMaxMs: 300,
      maxAttempts: 5,
      log: silent,
      inlineImages: [logo],
    });
    sender.start();
    await sender.idle();
    expect(transport.sent).toHaveLength(1);
    // The HTML part goes beside the text, with the logo it names attached under its cid.
    expect(transport.sent[0]!.html).toContain(`src="cid:${logoCid}"`);
    expect(transport.sent[0]!.attachments).toEqual([{ filename: "logo.png", contentType: "image/png", content: logo.content, cid: logoCid }]);
    const sent = transport.sent[0]!;
    expect(sent).toMatchObject({
      from: "site@example.org",
      to: { name: "", address: "li@example.cn" },
      subject: translator("zh").t("subscriber.mailSubject", { estate: "测试酒庄" }),
    });
    expect(sent.headers["List-Unsubscribe"]).toBe(`<https://site.example/api/newsletter/unsubscribe?token=${"u".repeat(32)}>`);
    expect(sent.text).toContain(`https://site.example/api/newsletter/confirm?token=${"c".repeat(32)}`);
    expect((db.prepare("SELECT sent_at, attempts FROM outbox").get() as OutboxRow).attempts).toBe(1);
    await sender.stop();
  });
});

describe("e-mails to one address", () => {
  it("reach it in the order they were queued, even with several in the relay at once and the first one slow", async () => {
    db = openTestDatabase(tempDataDir());
    const now = new Date().toISOString();
    // A booking's confirmation, then the estate's e-mail moving it, then a notification to someone else.
    const queue = (email: string, id: string) =>
      enqueueMail(
        db!,
        composeConfirmation("fr", email, { confirm: id.repeat(32), unsubscribe: "u".repeat(32) }, context),
        { type: "newsletter-signups", id },
        now,
      );
    queue("jean@example.fr", "a");
    queue("jean@example.fr", "b");
    queue("emily@example.co.uk", "c");
    const handed: string[] = [];
    let firstAnswered = () => {};
    const relay: MailTransport = {
      async sendMail(message) {
        handed.push(`${message.to.address} ${message.text.includes("a".repeat(32)) ? "a" : message.text.includes("b".repeat(32)) ? "b" : "c"}`);
        // The first e-mail is answered only once the relay has had the chance to take the others.
        if (handed.length === 1) await new Promise<void>((resolve) => (firstAnswered = resolve));
      },
    };
    const sender = new OutboxSender(new OutboxTable(db), relay, {
      from: "site@example.org",
      retryBaseMs: 100,
      retryMaxMs: 100,
      maxAttempts: 5,
      concurrency: 3,
      log: silent,
    });
    sender.start();
    // The other address's e-mail goes beside the slow one; Jean's second waits for Jean's first.
    await waitFor(() => handed.length >= 2, "the other address's e-mail handed to the relay");
    expect(handed).toEqual(["jean@example.fr a", "emily@example.co.uk c"]);
    firstAnswered();
    await sender.idle();
    expect(handed).toEqual(["jean@example.fr a", "emily@example.co.uk c", "jean@example.fr b"]);
    await sender.stop();
  });
});

describe("a newsletter's thousand e-mails queued at once, on PostgreSQL", () => {
  // The claim's rule (the oldest unsent e-mail to its address goes first) once read the other
  // unsent e-mails for each one (a nested loop the planner chose while the table's statistics did
  // not yet count the new rows): a million rows read per e-mail taken, five e-mails a second,
  // and a 1,000-subscriber send that outlasted its test. The rows read are PostgreSQL's own count.
  it.runIf(onPostgres())("are each taken by reading the outbox about once, not once per other e-mail waiting", async () => {
    const dataDir = tempDataDir();
    db = openTestDatabase(dataDir);
    const now = new Date().toISOString();
    const queued = 1000;
    db.transaction(() => {
      for (let i = 0; i < queued; i++)
        enqueueMail(
          db!,
          composeConfirmation("fr", `reader${i}@example.fr`, { confirm: "c".repeat(32), unsubscribe: "u".repeat(32) }, context),
          { type: "newsletter-signups", id: `s${i}` },
          now,
        );
    })();
    const outbox = new OutboxTable(db);
    /** Rows PostgreSQL has read from the outbox, by index and by scan, as its statistics count them. */
    const rowsRead = () => {
      db!.prepare("SELECT pg_stat_force_next_flush()").get();
      db!.prepare("SELECT pg_stat_clear_snapshot()").get();
      const row = db!.prepare("SELECT coalesce(idx_tup_fetch, 0) + coalesce(seq_tup_read, 0) AS n FROM pg_stat_user_tables WHERE relname = 'outbox'").get() as {
        n: number | string;
      };
      return Number(row.n);
    };
    const before = rowsRead();
    const until = new Date(Date.now() + 60_000).toISOString();
    const taken = [];
    for (let i = 0; i < 10; i++) taken.push(await outbox.claim(0, null, now, until));
    const read = rowsRead() - before;
    expect(taken.map((mail) => mail?.to)).toEqual(Array.from({ length: 10 }, (_, i) => `reader${i}@example.fr`));
    // Ten claims among a thousand waiting: a few passes over the waiting rows at most, not ten million.
    expect(read).toBeLessThan(10 * 3 * queued);
  });
});

/** A log that keeps its lines. */
function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    log: { info: (msg: string) => void lines.push(msg), warn: (msg: string) => void lines.push(msg), error: (msg: string) => void lines.push(msg) },
  };
}

/** An error as nodemailer gives it when the relay cannot be reached. */
const refused = () => Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:2525"), { code: "ESOCKET", command: "CONN" });

describe("an SMTP outage", () => {
  it("stops each round at the first connection failure and logs one line per round, not one per e-mail", async () => {
    db = openDatabase(tempDataDir());
    let clock = Date.parse("2027-01-01T00:00:00.000Z");
    const now = new Date(clock).toISOString();
    for (let i = 0; i < 50; i++)
      enqueueMail(
        db,
        composeNotification("contactMessage", `id-${i}`, validPayloads.contactMessage, now, context),
        { type: "contact-messages", id: `id-${i}` },
        now,
      );
    let calls = 0;
    let up = false;
    const transport: MailTransport = {
      async sendMail() {
        calls++;
        if (!up) throw refused();
      },
    };
    const { lines, log } = recordingLog();
    const sender = new OutboxSender(new OutboxTable(db), transport, {
      from: "site@example.org",
      retryBaseMs: 1000,
      retryMaxMs: 8000,
      maxAttempts: 20,
      concurrency: 3,
      log,
      now: () => clock,
    });
    const attempts = () => (db!.prepare("SELECT attempts FROM outbox ORDER BY id").all() as { attempts: number }[]).map((row) => row.attempts);

    sender.start();
    await sender.idle();
    // At most one e-mail per connection found the relay down; the other 47 or more were not tried.
    expect(calls).toBeLessThanOrEqual(3);
    expect(attempts().filter((n) => n === 0).length).toBeGreaterThanOrEqual(47);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/SMTP relay.*cannot be reached.*ECONNREFUSED/);
    expect(lines[0]).toMatch(/not tried/);

    // New e-mails during the pause wait for the next round instead of knocking again.
    sender.kick();
    await sender.idle();
    expect(lines).toHaveLength(1);
    clock += 1000;
    sender.kick();
    await sender.idle();
    expect(lines).toHaveLength(2);

    up = true;
    clock += 2000;
    sender.kick();
    await sender.idle();
    expect(attempts().every((n) => n >= 1)).toBe(true);
    expect((db.prepare("SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL").get() as { n: number }).n).toBe(0);
    await sender.stop();
  });

  it("holds a new e-mail committed while a round finds the relay down until the pause, as one committed after that round", async () => {
    db = openDatabase(tempDataDir());
    const clock = Date.parse("2027-01-01T00:00:00.000Z");
    const queue = (id: string) =>
      enqueueMail(
        db!,
        composeNotification("contactMessage", id, validPayloads.contactMessage, new Date(clock).toISOString(), context),
        { type: "contact-messages", id },
        new Date(clock).toISOString(),
      );
    queue("first");
    let calls = 0;
    const transport: MailTransport = {
      async sendMail() {
        calls++;
        // The relay is being reached (a socket's answer comes later) when a booking commits its e-mail.
        await new Promise((resolve) => setImmediate(resolve));
        if (calls === 1) {
          queue("second");
          sender.kick();
        }
        throw refused();
      },
    };
    const { lines, log } = recordingLog();
    const sender = new OutboxSender(new OutboxTable(db), transport, {
      from: "site@example.org",
      retryBaseMs: 60_000,
      retryMaxMs: 60_000,
      maxAttempts: 20,
      log,
      now: () => clock,
    });
    sender.start();
    await sender.idle();
    // One round against the relay found down; the second e-mail waits for the pause, untried.
    expect(calls).toBe(1);
    expect(lines).toHaveLength(1);
    expect((db.prepare("SELECT attempts FROM outbox ORDER BY id").all() as { attempts: number }[]).map((row) => row.attempts)).toEqual([1, 0]);
    await sender.stop();
  });

  it("keeps e-mail addresses out of what it logs and stores when the relay quotes one", async () => {
    db = openDatabase(tempDataDir());
    const now = new Date().toISOString();
    enqueueMail(
      db,
      composeConfirmation("fr", "person@example.com", { confirm: "c".repeat(32), unsubscribe: "u".repeat(32) }, context),
      { type: "newsletter-signups", id: "id-3" },
      now,
    );
    const transport: MailTransport = {
      async sendMail() {
        throw Object.assign(
          new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <person@example.com>: Recipient address rejected (Person.Name+tag@Example.COM)"),
          { code: "EENVELOPE", command: "RCPT TO", responseCode: 550 },
        );
      },
    };
    const { lines, log } = recordingLog();
    const sender = new OutboxSender(new OutboxTable(db), transport, { from: "site@example.org", retryBaseMs: 1000, retryMaxMs: 1000, maxAttempts: 5, log });
    sender.start();
    await sender.idle();
    const { last_error } = db.prepare("SELECT last_error FROM outbox").get() as { last_error: string };
    expect(last_error).toContain("550 5.1.1");
    expect(last_error).toContain("Recipient address rejected");
    for (const text of [last_error, ...lines]) {
      expect(text).not.toMatch(/person|example\.com/i);
    }
    expect(lines).toHaveLength(1);
    await sender.stop();
  });
});

/**
 * A relay that takes its time over each e-mail: once it has the message it delivers it, whether or
 * not the sender is still there to hear its answer (a closed connection fails the send on the
 * sender's side only, as nodemailer's pool does).
 */
class SlowRelay implements MailTransport {
  delivered: string[] = [];
  private waiting = new Set<{ fail: (error: Error) => void; timer: NodeJS.Timeout }>();
  private settled = new Set<Promise<void>>();
  /** `during`: told 50 ms into each send, with how many the relay has delivered so far. */
  constructor(
    private readonly answerMs: number,
    private readonly during?: (delivered: number) => void,
  ) {}
  sendMail(message: Parameters<MailTransport["sendMail"]>[0]): Promise<unknown> {
    if (this.during) setTimeout(() => this.during?.(this.delivered.length), 50);
    // The whole message reaches the relay at once; its answer takes its time.
    message.handedOver?.();
    return new Promise((resolve, reject) => {
      let delivered!: () => void;
      this.settled.add(new Promise<void>((done) => (delivered = done)));
      const entry = {
        fail: reject,
        timer: answerAfter(this.answerMs, () => {
          this.delivered.push(message.messageId);
          this.waiting.delete(entry);
          delivered();
          resolve({});
        }),
      };
      this.waiting.add(entry);
    });
  }
  close(): void {
    for (const entry of this.waiting) entry.fail(new Error("Connection closed"));
  }
  /** Resolves once every message handed over has been delivered (the relay finishes its work). */
  async finished(): Promise<void> {
    await Promise.all(this.settled);
  }
}

describe("a shutdown while the relay has e-mails it has not yet answered", () => {
  it("records them in doubt instead of sending them again after the restart (each e-mail delivered once)", async () => {
    db = openDatabase(tempDataDir());
    const now = new Date().toISOString();
    for (let i = 0; i < 6; i++)
      enqueueMail(
        db,
        composeNotification("contactMessage", `id-${i}`, validPayloads.contactMessage, now, context),
        { type: "contact-messages", id: `id-${i}` },
        now,
      );
    const relay = new SlowRelay(400);
    const options = { from: "site@example.org", retryBaseMs: 100, retryMaxMs: 100, maxAttempts: 5, concurrency: 2, log: silent };
    const first = new OutboxSender(new OutboxTable(db), relay, options);
    first.start();
    await waitFor(() => relay.delivered.length >= 2, "the first answers");
    // SIGTERM with 150 ms to go: two e-mails are with the relay, whose answer takes 400 ms.
    first.drainUntil(Date.now() + 150);
    expect((await first.stop()).unsent).toBeGreaterThan(0);
    // The relay delivers what it had, after the deadline.
    await relay.finished();
    const deliveredBeforeRestart = relay.delivered.length;

    const rows = () =>
      db!.prepare("SELECT message_id, sent_at, failed_at, last_error FROM outbox ORDER BY id").all() as {
        message_id: string;
        sent_at: string | null;
        failed_at: string | null;
        last_error: string | null;
      }[];
    const inDoubt = rows().filter((row) => row.sent_at === null && row.failed_at !== null);
    expect(inDoubt.length).toBeGreaterThan(0);
    for (const row of inDoubt) expect(row.last_error).toMatch(/^in doubt: /);

    // The restart sends the rest, and nothing twice.
    const fast = new SlowRelay(1);
    const second = new OutboxSender(new OutboxTable(db), fast, options);
    second.start();
    await second.idle();
    await second.stop();
    const all = [...relay.delivered, ...fast.delivered];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(6);
    expect(deliveredBeforeRestart + fast.delivered.length).toBe(6);
  });

  it("with nodemailer and a real SMTP server: the e-mail the relay accepts after the deadline is in doubt, and arrives once", async () => {
    const dataDir = tempDataDir();
    db = openDatabase(dataDir);
    const now = new Date().toISOString();
    enqueueMail(
      db,
      composeNotification("contactMessage", "id-late", validPayloads.contactMessage, now, context),
      { type: "contact-messages", id: "id-late" },
      now,
    );
    const relay = new TestSmtp({ answerAfterMs: 3000 });
    await relay.start();
    try {
      const options = { from: "site@example.org", retryBaseMs: 100, retryMaxMs: 100, maxAttempts: 5, log: silent };
      const first = new OutboxSender(new OutboxTable(db), createMailTransport(relay.url, 1), options);
      first.start();
      // SIGTERM once the relay has the whole message, its answer 3 s away. Sent 700 ms after the
      // start, as before, a busy machine's sender had not finished the SMTP dialogue by then: the
      // relay never had the message, and the test waited for its acceptance until it timed out.
      await waitFor(() => relay.dataReceived >= 1, "the whole message with the relay");
      first.drainUntil(Date.now() + 700);
      await first.stop();
      // The server closes its database right after (an answer arriving later records nothing).
      db.close();
      // The relay had the whole message: it accepts it after the sender has hung up.
      await waitFor(() => relay.received.length >= 1, "the relay's late acceptance");
      db = openDatabase(dataDir);
      const row = db.prepare("SELECT sent_at, failed_at, last_error FROM outbox").get() as {
        sent_at: string | null;
        failed_at: string | null;
        last_error: string;
      };
      expect(row).toMatchObject({ sent_at: null, failed_at: expect.any(String) });
      expect(row.last_error).toMatch(/^in doubt: /);
      const second = new OutboxSender(new OutboxTable(db), createMailTransport(relay.url, 1), options);
      second.start();
      await second.idle();
      await second.stop();
      expect(relay.received).toHaveLength(1);
    } finally {
      await relay.stop();
    }
  });

  it("starts no send during the shutdown that the relay, at its observed pace, could not answer before the deadline", async () => {
    db = openDatabase(tempDataDir());
    const now = new Date().toISOString();
    for (let i = 0; i < 12; i++)
      enqueueMail(
        db,
        composeNotification("contactMessage", `id-${i}`, validPayloads.contactMessage, now, context),
        { type: "contact-messages", id: `id-${i}` },
        now,
      );
    // SIGTERM 50 ms into the second send, with 500 ms to go: the old reserve (half the time left)
    // let the third send start 250 ms later, answered 300 ms after that, past the deadline.
    let stopped: Promise<unknown> | null = null;
    const relay = new SlowRelay(300, (delivered) => {
      if (delivered !== 1 || stopped) return;
      sender.drainUntil(Date.now() + 500);
      stopped = sender.stop();
    });
    const sender = new OutboxSender(new OutboxTable(db), relay, {
      from: "site@example.org",
      retryBaseMs: 100,
      retryMaxMs: 100,
      maxAttempts: 5,
      concurrency: 1,
      log: silent,
    });
    sender.start();
    await waitFor(() => stopped !== null, "the shutdown");
    await stopped;
    await relay.finished();
    const count = (sql: string) => (db!.prepare(sql).get() as { n: number }).n;
    // Every e-mail the relay took is recorded as sent: none was cut off in the middle.
    expect(count("SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL AND failed_at IS NOT NULL")).toBe(0);
    expect(relay.delivered.length).toBe(count("SELECT count(*) AS n FROM outbox WHERE sent_at IS NOT NULL"));
  });
});

describe("Message-IDs", () => {
  it("are the row's own on every attempt, at the From address's domain, and differ between rows", async () => {
    db = openDatabase(tempDataDir());
    let clock = Date.parse("2027-01-01T00:00:00.000Z");
    const now = new Date(clock).toISOString();
    for (const id of ["id-1", "id-2"])
      enqueueMail(db, composeNotification("contactMessage", id, validPayloads.contactMessage, now, context), { type: "contact-messages", id }, now);
    const stored = (db.prepare("SELECT message_id FROM outbox ORDER BY id").all() as { message_id: string }[]).map((row) => row.message_id);
    expect(stored).toHaveLength(2);
    for (const id of stored) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(stored[0]).not.toBe(stored[1]);
    // The first attempt fails after the SMTP server may have taken it; the second carries the same
    // id. The other e-mail, to the same address (the estate's), waits for it, then goes with its own.
    const attempts: string[] = [];
    const transport: MailTransport = {
      async sendMail(message) {
        attempts.push(message.messageId);
        if (attempts.length <= 1) throw new Error("451 4.3.0 try again later");
      },
    };
    const sender = new OutboxSender(new OutboxTable(db), transport, {
      from: "Website <web@Estate.example.org>",
      retryBaseMs: 100,
      retryMaxMs: 100,
      maxAttempts: 5,
      log: silent,
      now: () => clock,
    });
    sender.start();
    await sender.idle();
    clock += 100;
    sender.kick();
    await sender.idle();
    expect(attempts).toEqual([stored[0], stored[0], stored[1]].map((id) => `<${id}@estate.example.org>`));
    await sender.stop();
  });
});

describe("headerSafe", () => {
  it("removes CR, LF and every other line or control character", () => {
    expect(headerSafe("a\r\nBcc: b@c")).toBe("a Bcc: b@c");
    expect(headerSafe("a\nb\rc\u2028d\u2029e\u0085f\u0000g\u007fh\ti")).toBe("a b c d e f g h i");
    expect(headerSafe("  x  ".repeat(100), 10)).toHaveLength(10);
    // French typography survives in subjects: "confirmée : 8 février" keeps its no-break spaces.
    expect(headerSafe("confirmée\u00a0: 8\u202ffévrier")).toBe("confirmée\u00a0: 8\u202ffévrier");
  });
});

describe("composeNotification", () => {
  it("builds the subject from the form, the name (on one line) and the day on the estate's clock", () => {
    const mail = composeNotification(
      "contactMessage",
      "0123456789abcdef",
      { ...validPayloads.contactMessage, name: "=cmd|' /C calc'!A0", subject: "URGENT\r\nBcc: x@y" },
      "2027-01-01T00:00:00.000Z",
      context,
    );
    // The day it came in, said as such (FN13): not a visit's time.
    expect(mail.subject).toBe("Message · =cmd|' /C calc'!A0 · received Fri 1 Jan");
    expect(mail.to).toBe("estate@example.org");
    expect(mail.replyTo).toBe("alex@example.com");
    expect(mail.text).toContain("Subject: URGENT Bcc: x@y\n");
    expect(mail.text).toContain("Reference: 0123456789abcdef");
  });
});
