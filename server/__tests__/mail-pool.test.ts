import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildTestServer, TestSmtp, validPayloads, waitFor } from "./support/fixtures";

let app: FastifyInstance | null = null;
let smtp: TestSmtp | null = null;
afterEach(async () => {
  await app?.close();
  await smtp?.stop();
  app = null;
  smtp = null;
});

describe("mail throughput", () => {
  it("sends through a few pooled SMTP connections instead of one per e-mail", async () => {
    smtp = new TestSmtp();
    await smtp.start();
    app = await buildTestServer({ RATE_LIMIT_MAX: "0", SMTP_URL: smtp.url, SITE_URL: "https://site.example" });
    const posts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app!.inject({
          method: "POST",
          url: "/api/contact-messages",
          headers: { "content-type": "application/json" },
          payload: { ...validPayloads.contactMessage, message: `message ${i}` },
        }),
      ),
    );
    expect(posts.map((post) => post.statusCode)).toEqual(Array(40).fill(201));
    await waitFor(() => smtp!.received.length >= 40, "40 e-mails");
    // Each e-mail exactly once.
    const bodies = new Set(smtp.received.map((mail) => /message \d+/.exec(mail.raw.replace(/=\r\n/g, ""))?.[0]));
    expect(bodies.size).toBe(40);
    expect(smtp.connections).toBeLessThanOrEqual(5);
  }, 30_000);
});
