import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { content } from "#content";
import { installCopy } from "../../e2e/support/install";
import { startServer, type RunningServer } from "../../e2e/support/server";
import { fixtureBuild, parseMail, TestSmtp, validPayloads, waitFor } from "./support/fixtures";

/**
 * The compiled server as an estate runs it (`npm start`, the systemd unit: `build-server/main.js`),
 * from a copy of the project installed in a folder of its own, with mail configured: everything
 * it reads at run time must come from that project, never from where a module sat before it was
 * bundled. Before, the mail logo was read from `../../public/favicon.svg` of its module, which
 * from `build-server/main.js` is the `public/` of the project's parent: with `SMTP_URL` set,
 * every start failed (ENOENT), and no test saw it, since all of them ran the sources (issue 46, G1).
 */
const smtp = new TestSmtp();
let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  await smtp.stop();
});

describe("the compiled server, installed where the parent folder has no public/", () => {
  it("starts with SMTP_URL set and mails the estate's notification of a contact message, with the logo", async () => {
    const project = installCopy(join(mkdtempSync(join(tmpdir(), "lescours-installed-")), "x", "project"), { site: false });
    expect(existsSync(join(project, "..", "public"))).toBe(false);
    await smtp.start();
    server = await startServer({ project, buildDir: fixtureBuild(), env: { SMTP_URL: smtp.url, SITE_URL: "https://www.hermitage-lescours.example" } });

    const answer = await fetch(`${server.url}/api/contact-messages`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(validPayloads.contactMessage),
    });
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    await waitFor(() => smtp.received.some((mail) => mail.to.includes(content.site.contact.email)), "the estate's notification");
    const notification = smtp.received.find((mail) => mail.to.includes(content.site.contact.email))!;
    const parsed = parseMail(notification.raw);
    expect(parsed.text).toContain(id);
    expect(parsed.text).toContain(validPayloads.contactMessage.message);
    // The logo, drawn from the installed project's public/favicon.svg, attached as a PNG.
    const logo = parsed.parts.find((part) => part.type === "image/png");
    expect(logo?.body.startsWith("\x89PNG")).toBe(true);
  }, 120_000);
});
