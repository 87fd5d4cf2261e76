import { existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { describe, expect, it, onTestFinished } from "vitest";
import { projectDir } from "../../../config";
import { adminTranslator } from "#locales/admin";
import { addStaff, adminTestServer, StaffClient } from "../../../__tests__/support/admin";
import { formatTime } from "../../shared/view-context";
import {
  closedAfterEachTest,
  endedProcessId,
  fixtureBuild,
  parseMail,
  tempDataDir,
  TestSmtp,
  validPayloads,
  waitFor,
} from "../../../__tests__/support/fixtures";
import { contentCopy, formFieldsOf, standInBuild, ticked, waitingBuilds } from "../../../__tests__/support/content";

const en = adminTranslator("en").t;
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
const editor = { email: "claire@hermitage-lescours.example", password: "a long and unusual passphrase" };
const standIn = standInBuild;

const { apps } = closedAfterEachTest();

async function publishing(env: Record<string, string> = {}) {
  const dir = contentCopy();
  const publishDir = mkdtempSync(join(tmpdir(), "lescours-published-"));
  const app = await adminTestServer({ CONTENT_DIR: dir, ...env }, { publishCommand: standIn, publishDir });
  apps.add(app);
  await addStaff(app, editor.email, editor.password, "editor");
  const client = new StaffClient(app);
  await client.signIn(editor.email, editor.password);
  return { app, client, dir, publishDir };
}

/** Sets chateau-2020's price through the editor, every other field posted as the file has it. */
async function setPrice(client: StaffClient, dir: string, price: string, extra: Record<string, string> = {}) {
  const page = await client.get("/admin/content/wines/chateau-2020");
  const wine = JSON.parse(readFileSync(join(dir, "wines/chateau-2020.json"), "utf8")) as unknown;
  const version = /name="_version" value="([^"]+)"/.exec(page.body)![1]!;
  return client.post("/admin/content/wines/chateau-2020", { ...formFieldsOf(wine), price, _version: version, _op: "save", ...extra });
}

/** Lets the stand-in build that is waiting finish. */
async function releaseBuild(publishDir: string) {
  await waitFor(() => waitingBuilds(publishDir).length > 0, "a build to start");
  writeFileSync(waitingBuilds(publishDir)[0]!, "");
}

/** Asks for a publish of the wine (or a preview, at `/admin/content/preview`; or of other items), lets its stand-in build finish, and waits until it is done. */
async function publishAndWait(app: FastifyInstance, client: StaffClient, publishDir: string, path = "/admin/content/publish", items = ["wines/chateau-2020"]) {
  expect((await client.post(path, ticked(...items))).statusCode).toBe(303);
  await releaseBuild(publishDir);
  await app.contentPublisher.idle();
}

const price = async (app: FastifyInstance) => /data-item-price="([^"]*)"/.exec((await app.inject({ method: "GET", url: "/" })).body)?.[1] ?? null;

describe("publishing from the content editor", () => {
  it("publishes into PUBLISH_DIR and edits CONTENT_DIR, and a restart with them serves that publish", async () => {
    const dir = contentCopy();
    // Inside the project, as the setting requires; removed after the test.
    const publishDir = mkdtempSync(join(projectDir, "build-test-publish-"));
    onTestFinished(() => rmSync(publishDir, { recursive: true, force: true }));
    const env = { CONTENT_DIR: dir, PUBLISH_DIR: publishDir, BUILD_DIR: fixtureBuild(), DATA_DIR: tempDataDir() };
    const app = await adminTestServer(env, { publishCommand: standIn });
    apps.add(app);
    await addStaff(app, editor.email, editor.password, "editor");
    const client = new StaffClient(app);
    await client.signIn(editor.email, editor.password);
    const projectWine = readFileSync(new URL("../../../../content/wines/chateau-2020.json", import.meta.url), "utf8");
    expect((await setPrice(client, dir, "47.5")).statusCode).toBe(303);
    expect(readFileSync(new URL("../../../../content/wines/chateau-2020.json", import.meta.url), "utf8")).toBe(projectWine);
    await publishAndWait(app, client, publishDir);
    expect(await price(app)).toBe("47.5");
    expect(existsSync(join(publishDir, "current", "build-info.json"))).toBe(true);
    await app.close();
    apps.delete(app);

    const restarted = await adminTestServer(env);
    apps.add(restarted);
    expect(await price(restarted)).toBe("47.5");
  });

  it("a publish cut short by the server's end (kill -9, a crash) is named after the restart, with a button to run it again", async () => {
    const dir = contentCopy();
    const publishDir = mkdtempSync(join(tmpdir(), "lescours-published-"));
    const env = { CONTENT_DIR: dir, BUILD_DIR: fixtureBuild(), DATA_DIR: tempDataDir() };
    // Its leases name a process that has ended, as a killed server's do (the first server itself runs on in this process).
    const first = await adminTestServer(env, { publishCommand: standIn, publishDir, processId: endedProcessId() });
    apps.add(first);
    await addStaff(first, editor.email, editor.password, "editor");
    const client = new StaffClient(first);
    await client.signIn(editor.email, editor.password);
    await setPrice(client, dir, "58");
    await client.post("/admin/content/publish", ticked("wines/chateau-2020"));
    await waitFor(() => waitingBuilds(publishDir).length > 0, "the build to start");
    const cutShort = waitingBuilds(publishDir)[0]!;

    // A second server on the same data, as after a kill -9 while the first was building (the first
    // one's build is never let go: closing that server stops it).
    const restarted = await adminTestServer(env, { publishCommand: standIn, publishDir });
    apps.add(restarted);
    const again = new StaffClient(restarted);
    await again.signIn(editor.email, editor.password);
    const page = await again.get("/admin/content/publish");
    expect(page.body).toContain(html(en("content.publish.status.interrupted")));
    expect(page.body).toContain(html(en("content.publish.interruptedExplain")));
    expect(page.body).not.toContain(html(en("content.publish.none")));
    expect(page.body).toContain(html(en("content.publish.requestedBy", { who: editor.email })));
    // Nothing is run again by itself: the page offers it, and the button publishes.
    expect(page.body).not.toContain('http-equiv="refresh"');
    expect(page.body).toContain(html(en("content.publish.again")));
    const cut = /name="again" value="(\d+)"/.exec(page.body)![1]!;
    expect((await again.post("/admin/content/publish", { again: cut })).statusCode).toBe(303);
    await waitFor(() => waitingBuilds(publishDir).length > 1, "the build asked for again");
    writeFileSync(
      waitingBuilds(publishDir).find((go) => go !== cutShort)!,
      "",
    );
    await restarted.contentPublisher.idle();
    expect(await price(restarted)).toBe("58");
    const after = await again.get("/admin/content/publish");
    expect(after.body).toContain(html(en("content.publish.status.done")));
    expect(after.body).toContain(html(en("content.publish.status.interrupted")));
  });

  it("rebuilds in the background, keeps serving the old build until the new one is whole, then switches", async () => {
    const { app, client, dir, publishDir } = await publishing();
    expect((await setPrice(client, dir, "52.5")).statusCode).toBe(303);
    expect(await price(app)).toBeNull();
    const asked = await client.post("/admin/content/publish", ticked("wines/chateau-2020"));
    expect(asked.statusCode).toBe(303);
    const page = await client.get("/admin/content/publish");
    expect(page.body).toMatch(new RegExp(`${html(en("content.publish.status.building"))}|${html(en("content.publish.status.queued"))}`));
    expect(page.body).toContain('http-equiv="refresh"');
    await waitFor(() => waitingBuilds(publishDir).length > 0, "the build to start");
    // Being built but not switched: the old site is served.
    expect(await price(app)).toBeNull();
    await releaseBuild(publishDir);
    await app.contentPublisher.idle();
    expect(await price(app)).toBe("52.5");
    const done = await client.get("/admin/content/publish");
    expect(done.body).toContain(html(en("content.publish.status.done")));
    expect(done.body).not.toContain('http-equiv="refresh"');
    expect(existsSync(join(publishDir, "current"))).toBe(true);
    const logged = app.db.prepare("SELECT actor, action FROM audit_log WHERE action = 'content.published'").all();
    expect(logged).toEqual([{ actor: editor.email, action: "content.published" }]);
  });

  it("a failed build changes nothing live and shows its error", async () => {
    const { app, client, dir, publishDir } = await publishing();
    await setPrice(client, dir, "60");
    await publishAndWait(app, client, publishDir);
    expect(await price(app)).toBe("60");
    await setPrice(client, dir, "2000");
    await publishAndWait(app, client, publishDir);
    expect(await price(app)).toBe("60");
    const page = await client.get("/admin/content/publish");
    expect(page.body).toContain(html(en("content.publish.status.failed")));
    expect(page.body).toContain("Invalid price on purpose: 2000");
  });

  it("runs one publish at a time: a second waits, a third joins it", async () => {
    const { app, publishDir } = await publishing();
    const first = app.contentPublisher.request("a@example.com");
    await waitFor(() => waitingBuilds(publishDir).length > 0, "the build to start");
    const second = app.contentPublisher.request("b@example.com");
    const third = app.contentPublisher.request("c@example.com");
    expect(first.status).toBe("building");
    expect(second.status).toBe("queued");
    expect(third).toBe(second);
    expect(second.requestedBy).toEqual(["b@example.com", "c@example.com"]);
    await releaseBuild(publishDir);
    await waitFor(() => second.status === "building", "the second build to start");
    expect(first.status).toBe("done");
    await releaseBuild(publishDir);
    await app.contentPublisher.idle();
    expect(second.status).toBe("done");
  });

  it("a version restored from the history goes online only with a publish, like any other change", async () => {
    const { app, client, dir, publishDir } = await publishing();
    const { price: original } = JSON.parse(readFileSync(join(dir, "wines/chateau-2020.json"), "utf8")) as { price: number };
    await setPrice(client, dir, "61");
    await publishAndWait(app, client, publishDir);
    expect(await price(app)).toBe("61");
    const history = await client.get("/admin/content/wines/chateau-2020/history");
    const [earlier] = [...history.body.matchAll(/name="commit" value="([0-9a-f]{40})"/g)].map((match) => match[1]!);
    const restored = await client.post("/admin/content/wines/chateau-2020/restore", { commit: earlier! });
    expect(restored.statusCode).toBe(200);
    const jobs = app.contentPublisher.recent().length;
    const fields = Object.fromEntries(
      [...restored.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1]!, match[2]!]),
    );
    expect(fields._restoredFrom).toBe(earlier);
    expect((await setPrice(client, dir, String(original), { _restoredFrom: earlier! })).statusCode).toBe(303);
    // Saved, not published: the live site keeps the price until someone publishes.
    expect(app.contentPublisher.recent()).toHaveLength(jobs);
    expect(await price(app)).toBe("61");
    await publishAndWait(app, client, publishDir);
    expect(await price(app)).toBe(String(original));
  });

  it("builds a preview that lists the changed pages by title and the changed fields, and shows them with their own styles and pictures, without changing the live site", async () => {
    const { app, client, dir, publishDir } = await publishing();
    await setPrice(client, dir, "61");
    await publishAndWait(app, client, publishDir);
    await setPrice(client, dir, "64");
    expect((await client.post("/admin/content/preview", ticked("wines/chateau-2020"))).statusCode).toBe(303);
    await releaseBuild(publishDir);
    await app.contentPublisher.idle();
    expect(await price(app)).toBe("61");
    const page = await client.get("/admin/content/publish");
    // Ready, not "published"; the page by its title; the field before → after.
    expect(page.body).toContain(html(en("content.preview.status.done")));
    expect(page.body).toContain(html(en("content.preview.changed", { count: 1 })));
    expect(page.body).toContain(">Home — 64</a>");
    expect(page.body).toContain(html(en("content.change.changed", { field: "Price", before: "€61", after: "€64" })));
    const link = /href="(\/admin\/content\/preview\/(\d+)\/)"/.exec(page.body)!;
    const preview = await client.get(link[1]!);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('data-item-price="64"');
    // Its own style sheet and picture, under the preview's address; no script (the policy refuses them).
    const own = `/admin/content/preview/${link[2]}/assets/`;
    expect(preview.body).toContain(`href="${own}site.css"`);
    expect(preview.body).toContain(`src="${own}photo.jpeg" srcSet="${own}photo.jpeg 480w"`);
    expect(preview.body).not.toMatch(/<script|modulepreload/);
    expect(preview.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'self'; font-src 'self'; img-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
    );
    expect(preview.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const css = await client.get(`${own}site.css`);
    expect([css.statusCode, css.headers["content-type"]]).toEqual([200, "text/css; charset=utf-8"]);
    expect(css.body).toContain(`url(${own}serif.woff2)`);
    expect((await client.get(`${own}photo.jpeg`)).headers["content-type"]).toBe("image/jpeg");
    // Only the pages that changed and the build's own files, nothing else of the folder.
    for (const other of [
      `${link[1]}build-info.json`,
      `${link[1]}..%2F..%2Fbuild-info.json`,
      `${link[1]}errors/en/notFound.html`,
      `${own}..%2F..%2Fbuild-info.json`,
      `${own}missing.css`,
      "/admin/content/preview/999/",
    ]) {
      expect((await client.get(other)).statusCode, other).toBe(404);
    }
  });
});

describe("publishing what was previewed", () => {
  /** The stand-in builds started so far (each leaves `<dir>.waiting`). */
  const buildsStarted = (publishDir: string) => readdirSync(publishDir).filter((name) => name.endsWith(".waiting")).length;

  it("a publish right after a preview puts that preview online, without building again", async () => {
    const { app, client, dir, publishDir } = await publishing();
    await setPrice(client, dir, "66");
    await publishAndWait(app, client, publishDir, "/admin/content/preview");
    expect(buildsStarted(publishDir)).toBe(1);
    expect((await client.post("/admin/content/publish", ticked("wines/chateau-2020"))).statusCode).toBe(303);
    await app.contentPublisher.idle();
    expect(buildsStarted(publishDir)).toBe(1);
    expect(await price(app)).toBe("66");
    const [published, preview] = app.contentPublisher.recent();
    expect(published!.status).toBe("done");
    expect(realpathSync(join(publishDir, "current"))).toBe(realpathSync(preview!.preview!.dir));
    // The audit log says which preview went online.
    const logged = app.db.prepare("SELECT detail FROM audit_log WHERE action = 'content.published'").all() as { detail: string }[];
    expect(logged.map((row) => JSON.parse(row.detail) as { preview?: string })).toEqual([
      expect.objectContaining({ status: "done", preview: preview!.requestedAt.toISOString() }),
    ]);
    const page = await client.get("/admin/content/publish");
    expect(page.body).toContain(html(en("content.publish.fromPreview", { time: formatTime({ lang: "en" }, preview!.requestedAt.toISOString()) })));
    // The preview's pages still open from its job.
    const link = /href="(\/admin\/content\/preview\/\d+\/)"/.exec(page.body)![1]!;
    expect((await client.get(link)).body).toContain('data-item-price="66"');
  });

  it("a save after the preview, or during its build, makes the publish build again", async () => {
    const { app, client, dir, publishDir } = await publishing();
    await setPrice(client, dir, "67");
    await publishAndWait(app, client, publishDir, "/admin/content/preview");
    await setPrice(client, dir, "68");
    await publishAndWait(app, client, publishDir);
    expect(buildsStarted(publishDir)).toBe(2);
    expect(await price(app)).toBe("68");

    // Saved while the preview was being built: what the preview read is not known.
    await setPrice(client, dir, "69");
    await client.post("/admin/content/preview", ticked("wines/chateau-2020"));
    await waitFor(() => waitingBuilds(publishDir).length > 0, "the preview's build to start");
    await setPrice(client, dir, "70");
    await releaseBuild(publishDir);
    await app.contentPublisher.idle();
    await publishAndWait(app, client, publishDir);
    expect(buildsStarted(publishDir)).toBe(4);
    expect(await price(app)).toBe("70");
  });
});

describe("what the server says after a publish", () => {
  it("the estate's new address receives the next message, with no restart", async () => {
    const smtp = new TestSmtp();
    await smtp.start();
    onTestFinished(() => smtp.stop());
    const { app, client, dir, publishDir } = await publishing({ SMTP_URL: smtp.url });
    const oldAddress = (JSON.parse(readFileSync(join(dir, "site.json"), "utf8")) as { contact: { email: string } }).contact.email;
    const newAddress = "accueil@hermitage-lescours.example";

    // The office's new mailbox, saved in the editor's "site" page and published.
    const page = await client.get("/admin/content/site/site");
    const site = JSON.parse(readFileSync(join(dir, "site.json"), "utf8")) as { contact: { email: string } };
    site.contact.email = newAddress;
    const version = /name="_version" value="([^"]+)"/.exec(page.body)![1]!;
    const saved = await client.post("/admin/content/site/site", { ...formFieldsOf(site), _version: version, _op: "save" });
    expect(saved.statusCode, [...saved.body.matchAll(/id="problem-([^"]+)"[^>]*>([^<]*)/g)].map((m) => `${m[1]!}: ${m[2]!}`).join("; ")).toBe(303);
    // Saved is not live: until the publish, the estate's mail still goes where the live site says.
    const before = await app.inject({
      method: "POST",
      url: "/api/contact-messages",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(validPayloads.contactMessage),
    });
    expect(before.statusCode).toBe(201);
    await waitFor(() => smtp.received.length >= 1, "the first message's notification");
    expect(smtp.received[0]!.to).toEqual([oldAddress]);
    await publishAndWait(app, client, publishDir, "/admin/content/publish", ["site/site"]);
    expect(app.contentPublisher.recent()[0]!.status).toBe("done");

    smtp.received.length = 0;
    const after = await app.inject({
      method: "POST",
      url: "/api/contact-messages",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(validPayloads.contactMessage),
    });
    expect(after.statusCode).toBe(201);
    await waitFor(() => smtp.received.length >= 1, "the second message's notification");
    expect(smtp.received[0]!.to).toEqual([newAddress]);
    // Its signature gives the estate's address as the live site does.
    const notification = parseMail(smtp.received[0]!.raw);
    expect(notification.text).toContain(newAddress);
    expect(notification.text).not.toContain(oldAddress);
  });
});
