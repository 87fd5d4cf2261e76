import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { compiledServer, freePort } from "../../e2e/support/server";
import { fixtureBuild, tempDataDir, TestSmtp, validPayloads, waitFor } from "./support/fixtures";
import { databaseEnv } from "./support/test-database";

let child: ChildProcess | null = null;
let smtp: TestSmtp | null = null;
afterEach(async () => {
  child?.kill("SIGKILL");
  await smtp?.stop();
  child = null;
  smtp = null;
});

describe("the request log", () => {
  it("keeps newsletter tokens (and every other query value) and the tokens of paths out, while still naming the path", async () => {
    smtp = new TestSmtp();
    await smtp.start();
    const port = await freePort();
    const server = spawn(process.execPath, [compiledServer()], {
      env: {
        ...process.env,
        PORT: String(port),
        BUILD_DIR: fixtureBuild(),
        ...databaseEnv(tempDataDir()),
        LOG_LEVEL: "info",
        SMTP_URL: smtp.url,
        SITE_URL: "https://site.example",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child = server;
    let log = "";
    server.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString("utf8")));
    await waitFor(() => log.includes("Server listening"), "the server to start");
    const base = `http://127.0.0.1:${port}`;

    const signup = await fetch(`${base}/api/newsletter-signups`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validPayloads.newsletterSignup),
    });
    expect(signup.status).toBe(201);
    // The real tokens, as the confirmation e-mail carries them (quoted-printable soft breaks joined).
    const decoded = () => smtp!.received.map((received) => received.raw.replace(/=\r\n/g, "").replace(/=3D/g, "=")).join("\n");
    await waitFor(() => decoded().includes("token="), "the confirmation e-mail");
    const mail = decoded();
    const tokens = [...new Set([...mail.matchAll(/token=([A-Za-z0-9_-]{16,})/g)].map((match) => match[1]!))];
    expect(tokens.length).toBeGreaterThan(0);
    for (const token of tokens) {
      await fetch(`${base}/api/newsletter/confirm?token=${token}`);
      await fetch(`${base}/api/newsletter/unsubscribe?lang=fr&token=${token}`);
    }
    await fetch(`${base}/?utm_source=mail&email=someone%40example.org`);
    // Tokens in the path: a staff member's calendar feed, an invitation's link and a link to choose
    // a new password (any token, known or not, is logged as it was requested; a lower-case one
    // would not read as a token to the general rule).
    const feedToken = "Fe3dT0kenAbcdefghijklmnopqrstuvwxyz_0123456";
    const inviteToken = "Inv1teT0kenAbcdefghijklmnopqrstuvwxyz-01234";
    const passwordToken = "pa55w0rdtokenabcdefghijklmnopqrstuvwxyz-012";
    await fetch(`${base}/admin/calendar/feed/${feedToken}.ics`);
    for (const path of [`/admin/invite/${inviteToken}`, `/admin/password/${passwordToken}`]) {
      await fetch(`${base}${path}`);
      await fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "password=x" });
    }
    await waitFor(() => (log.match(/request completed/g) ?? []).length >= 2 * tokens.length + 7, "the log lines");

    expect(log).toContain("incoming request");
    for (const token of tokens) expect(log).not.toContain(token);
    expect(log).not.toContain("someone");
    expect(log).toContain("/api/newsletter/confirm?token=[redacted]");
    expect(log).toContain("/?utm_source=[redacted]&email=[redacted]");
    for (const token of [feedToken, inviteToken, passwordToken]) expect(log).not.toContain(token.slice(0, 20));
    expect(log).toContain("/admin/calendar/feed/[redacted].ics");
    expect(log).toContain("/admin/invite/[redacted]");
    expect(log).toContain("/admin/password/[redacted]");
  }, 60_000);
});
