import { once } from "node:events";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../e2e/support/server";
import { fixtureBuild, parseMail, tempDataDir, TestSmtp, validPayloads, waitFor } from "./support/fixtures";
import { openTestDatabase } from "./support/test-database";

/**
 * SIGTERM while the outbox is sending to a slow SMTP relay: every e-mail the relay received is
 * recorded as sent before the database closes, the process says with its exit status whether
 * e-mails are left, and after a restart each e-mail arrives once, with the Message-ID its row
 * keeps (29 arrived, 28 were recorded, one came twice with another Message-ID, exit 0).
 */
const smtp = new TestSmtp({ answerAfterMs: 150 });
const servers = new Set<RunningServer>();
afterAll(async () => {
  await Promise.all([...servers].map((server) => server.stop()));
  await smtp.stop();
});

async function start(dataDir: string, env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer({
    buildDir: fixtureBuild(),
    dataDir,
    env: { RATE_LIMIT_MAX: "0", LOG_LEVEL: "warn", SMTP_URL: smtp.url, MAIL_CONNECTIONS: "2", SITE_URL: "https://www.hermitage-lescours.example", ...env },
  });
  servers.add(server);
  return server;
}

/** SIGTERM, as systemd sends it; resolves with the exit status. */
async function terminate(server: RunningServer): Promise<number | null> {
  server.process.kill("SIGTERM");
  const [code] = (await once(server.process, "exit")) as [number | null];
  servers.delete(server);
  return code;
}

/**
 * Each outbox row's Message-ID and whether the relay has it: recorded as sent, or in doubt (the
 * relay had it without an answer when the time ran out: not sent again).
 */
function outbox(dataDir: string): { messageId: string; sent: boolean }[] {
  const db = openTestDatabase(dataDir, { readonly: true });
  try {
    return (
      db.prepare("SELECT message_id, sent_at, last_error FROM outbox ORDER BY id").all() as {
        message_id: string;
        sent_at: string | null;
        last_error: string | null;
      }[]
    ).map((row) => ({
      messageId: row.message_id,
      sent: row.sent_at !== null || (row.last_error?.startsWith("in doubt: ") ?? false),
    }));
  } finally {
    db.close();
  }
}

/** The Message-IDs the relay received, in order, by their left part (the row's own). */
const receivedIds = () => smtp.received.map((mail) => /^<([0-9a-f]{32})@/.exec(parseMail(mail.raw).header("message-id") ?? "")?.[1] ?? "(none)");

describe("SIGTERM with a slow SMTP relay", () => {
  it("records every e-mail the relay took before the database closes, exits 1 with e-mails left, and after a restart sends each one once", async () => {
    await smtp.start();
    const dataDir = tempDataDir();
    const first = await start(dataDir, { SHUTDOWN_TIMEOUT_MS: "1500" });
    const answers = await Promise.all(
      Array.from({ length: 41 }, (_, i) =>
        fetch(`${first.url}/api/contact-messages`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ ...validPayloads.contactMessage, message: `Message number ${i}` }),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(41).fill(201));
    // 41 e-mails at 150 ms each over 2 connections need 3 s; the shutdown allows 1.5 s.
    await waitFor(() => smtp.received.length > 0, "the first e-mail");
    const code = await terminate(first);

    const afterFirst = outbox(dataDir);
    expect(afterFirst).toHaveLength(41);
    const sentIds = afterFirst.filter((row) => row.sent).map((row) => row.messageId);
    // What the relay took is exactly what the outbox says was sent, each once.
    expect([...receivedIds()].sort()).toEqual([...sentIds].sort());
    expect(sentIds.length).toBeLessThan(41);
    expect(code).toBe(1);

    const second = await start(dataDir, { SHUTDOWN_TIMEOUT_MS: "20000" });
    await waitFor(() => smtp.received.length >= 41, "every e-mail to arrive");
    // Stopped cleanly (0: nothing left in its outbox), the server sends nothing more: what arrived is all there is.
    expect(await terminate(second)).toBe(0);

    const rows = outbox(dataDir);
    expect(rows.every((row) => row.sent)).toBe(true);
    const ids = receivedIds();
    expect(ids).toHaveLength(41);
    expect(new Set(ids).size).toBe(41);
    expect([...ids].sort()).toEqual(rows.map((row) => row.messageId).sort());
    // Each submission's notification arrived once.
    const bodies = smtp.received.map((mail) => /Message number (\d+)/.exec(parseMail(mail.raw).text)?.[1]);
    expect(new Set(bodies).size).toBe(41);
  }, 180_000);

  it("with a relay that would answer long after the deadline, records what it holds in doubt and closes by itself, not through the emergency timer", async () => {
    // The relay has each whole message and answers two minutes later; the shutdown allows 1.5 s.
    const slow = new TestSmtp({ answerAfterMs: 120_000, closeAfterMs: 100 });
    await slow.start();
    try {
      const dataDir = tempDataDir();
      const server = await start(dataDir, { SHUTDOWN_TIMEOUT_MS: "1500", SMTP_URL: slow.url });
      const answer = await fetch(`${server.url}/api/contact-messages`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(validPayloads.contactMessage),
      });
      expect(answer.status).toBe(201);
      await waitFor(() => slow.dataReceived >= 1, "the e-mail to be with the relay");
      // Status 0: everything is recorded (in doubt) and nothing waits; the emergency timer would exit with 1.
      expect(await terminate(server)).toBe(0);
      expect(outbox(dataDir)).toEqual([expect.objectContaining({ sent: true })]);
      expect(slow.received).toHaveLength(0);
    } finally {
      await slow.stop();
    }
  }, 180_000);
});
