import { afterEach, describe, expect, it } from "vitest";
import { translator } from "#locales";
import { openDatabase, type Db } from "../db/database";
import { composeConfirmation, composeNotification, headerSafe } from "../mail/compose";
import { enqueueMail, OutboxTable, type OutboxRow } from "../db/outbox";
import { OutboxSender, type MailTransport } from "../mail/sender";
import { tempDataDir, validPayloads } from "./support/fixtures";

const context = { estateNames: { en: "Château Test", fr: "Château Test", zh: "测试酒庄", es: "Château Test", ja: "シャトー・テスト" }, estateEmail: "estate@example.org", siteUrl: "https://site.example" };
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
    const sender = new OutboxSender(new OutboxTable(db), transport, { from: "site@example.org", retryBaseMs: 100, retryMaxMs: 300, maxAttempts: 5, log: silent });
    sender.start();
    await sender.idle();
    expect(transport.sent).toHaveLength(1);
    const sent = transport.sent[0]!;
    expect(sent).toMatchObject({ from: "site@example.org", to: { name: "", address: "li@example.cn" }, subject: translator("zh").t("subscriber.mailSubject", { estate: "测试酒庄" }) });
    expect(sent.headers["List-Unsubscribe"]).toBe(`<https://site.example/api/newsletter/unsubscribe?token=${"u".repeat(32)}>`);
    expect(sent.text).toContain(`https://site.example/api/newsletter/confirm?token=${"c".repeat(32)}`);
    expect((db.prepare("SELECT sent_at, attempts FROM outbox").get() as OutboxRow).attempts).toBe(1);
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
  it("builds the subject from fixed words, the language and the reference only", () => {
    const mail = composeNotification(
      "contactMessage",
      "0123456789abcdef",
      { ...validPayloads.contactMessage, name: "=cmd|' /C calc'!A0", subject: "URGENT\r\nBcc: x@y" },
      "2027-01-01T00:00:00.000Z",
      context,
    );
    expect(mail.subject).toBe("[Website] Contact message (EN) 01234567");
    expect(mail.to).toBe("estate@example.org");
    expect(mail.replyTo).toBe("alex@example.com");
    expect(mail.text).toContain("Subject: URGENT Bcc: x@y\n");
    expect(mail.text).toContain("Reference: 0123456789abcdef");
  });
});
