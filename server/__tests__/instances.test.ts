/**
 * Two instances on one database, as two connections in this process: the outbox's e-mails are each
 * sent by one sender. Runs on SQLite (two connections to one file) and, in the "postgres" project
 * (vitest.config.ts), on one PostgreSQL database. The compiled server started twice on one
 * PostgreSQL database is server/__tests__/instances.integration.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "../db/database";
import { enqueueMail, OutboxTable } from "../db/outbox";
import { composeNotification } from "../mail/compose";
import { OutboxSender, type MailTransport } from "../mail/sender";
import { tempDataDir, testMailContext, validPayloads, waitFor } from "./support/fixtures";
import { openTestDatabase } from "./support/test-database";

const silent = { info() {}, warn() {}, error() {} };
const opened: Db[] = [];
afterEach(() => {
  opened.splice(0).forEach((db) => db.close());
});

/** A relay that answers each e-mail on the next turn of the event loop, and notes the Message-ID it was handed. */
class Relay implements MailTransport {
  readonly delivered: string[] = [];
  async sendMail(message: Parameters<MailTransport["sendMail"]>[0]): Promise<unknown> {
    message.handedOver?.();
    await new Promise((resolve) => setImmediate(resolve));
    this.delivered.push(message.messageId);
    return {};
  }
}

describe("two mail senders on one database", () => {
  it("send each queued e-mail once between them", async () => {
    const dataDir = tempDataDir();
    const one = openTestDatabase(dataDir);
    const two = openTestDatabase(dataDir);
    opened.push(one, two);
    const context = testMailContext("en", "https://site.example");
    const now = new Date().toISOString();
    const queued = 60;
    for (let i = 0; i < queued; i++)
      enqueueMail(
        one,
        composeNotification("contactMessage", `id-${i}`, validPayloads.contactMessage, now, context),
        { type: "contact-messages", id: `id-${i}` },
        now,
      );
    const options = { from: "site@example.org", retryBaseMs: 1000, retryMaxMs: 1000, maxAttempts: 5, concurrency: 3, log: silent };
    const relays = [new Relay(), new Relay()];
    const tables = [new OutboxTable(one), new OutboxTable(two)];
    const senders = [new OutboxSender(tables[0]!, relays[0]!, options), new OutboxSender(tables[1]!, relays[1]!, options)];
    senders.forEach((sender) => sender.start());
    await waitFor(() => tables[0]!.unsentCount() === 0, "the outbox sent");
    await Promise.all(senders.map((sender) => sender.stop()));

    const delivered = relays.flatMap((relay) => relay.delivered);
    const messageIds = (one.prepare("SELECT message_id FROM outbox ORDER BY id").all() as { message_id: string }[]).map((row) => row.message_id);
    // Each e-mail reached a relay once, and both senders had their share.
    expect(delivered.toSorted()).toEqual(messageIds.map((id) => `<${id}@example.org>`).toSorted());
    for (const relay of relays) expect(relay.delivered.length).toBeGreaterThan(0);
  });
});
