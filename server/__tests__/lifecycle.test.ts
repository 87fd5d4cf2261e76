import { once } from "node:events";
import { connect, createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { buildServer } from "../app";
import { parseConfig } from "../config";
import { openDatabase } from "../db/database";
import { closedAfterEachTest, fixtureBuild, tempDataDir, TestSmtp, validPayloads, waitFor } from "./support/fixtures";
import { isListening, listen, parseResponse } from "../../e2e/support/raw-http";

describe("graceful shutdown", () => {
  const { apps, smtps } = closedAfterEachTest();
  let silent: Server[] = [];
  afterEach(() => {
    silent.forEach((server) => server.close());
    silent = [];
  });

  async function start(env: Record<string, string>) {
    const app = await buildServer(
      parseConfig({ BUILD_DIR: fixtureBuild(), DATA_DIR: tempDataDir(), LOG_LEVEL: "silent", RATE_LIMIT_MAX: "0", SITE_URL: "https://site.example", ...env }),
    );
    apps.add(app);
    return { app, port: await listen(app) };
  }

  it("lets a request in flight finish and store its submission before it stops", async () => {
    const { app, port } = await start({});
    const body = JSON.stringify(validPayloads.contactMessage);
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
    await once(socket, "connect");
    // The request is in flight once the server has its headers (its body is still to come).
    const inFlight = once(app.server, "request");
    socket.write(
      `POST /api/contact-messages HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
    );
    await inFlight;
    const closing = app.close();
    // The server takes no new connection from here on.
    await waitFor(() => !app.server.listening, "the server to stop listening");
    // Meanwhile the rest of the body arrives: the submission is stored and acknowledged.
    socket.write(body.slice(20));
    await waitFor(() => received.includes("\r\n\r\n{"), "the answer to the request in flight");
    expect(parseResponse(received).status).toBe(201);
    await closing;
    apps.delete(app);
    expect(await isListening(port)).toBe(false);
    socket.destroy();
  }, 15_000);

  it("sends the e-mails queued before it stops", async () => {
    const smtp = new TestSmtp();
    smtps.add(smtp);
    await smtp.start();
    const { app } = await start({ SMTP_URL: smtp.url });
    for (let i = 0; i < 20; i++) {
      const response = await app.inject({
        method: "POST",
        url: "/api/contact-messages",
        headers: { "content-type": "application/json" },
        payload: { ...validPayloads.contactMessage, message: `message number ${i}` },
      });
      expect(response.statusCode).toBe(201);
    }
    await app.close();
    apps.delete(app);
    expect(smtp.received).toHaveLength(20);
  }, 15_000);

  it("stops within SHUTDOWN_TIMEOUT_MS when the SMTP server hangs, keeping unsent e-mails for the next start", async () => {
    // An SMTP server that accepts connections and never says a word.
    const hung = createServer(() => {});
    silent.push(hung);
    const hungPort = await new Promise<number>((resolve) => hung.listen(0, "127.0.0.1", () => resolve((hung.address() as { port: number }).port)));
    const dataDir = tempDataDir();
    const { app } = await start({ DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${hungPort}`, SHUTDOWN_TIMEOUT_MS: "1500" });
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({
        method: "POST",
        url: "/api/contact-messages",
        headers: { "content-type": "application/json" },
        payload: validPayloads.contactMessage,
      });
      expect(response.statusCode).toBe(201);
    }
    const started = Date.now();
    await app.close();
    apps.delete(app);
    expect(Date.now() - started).toBeLessThan(4000);
    const db = openDatabase(dataDir);
    const unsent = (db.prepare("SELECT count(*) AS n FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL").get() as { n: number }).n;
    db.close();
    expect(unsent).toBe(3);
  }, 15_000);
});
