import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { describe, expect, it, onTestFinished } from "vitest";
import { adminTranslator } from "#locales/admin";
import { addStaff, adminTestServer, attribute, elements, parseHtml, StaffClient, textOf } from "../../../__tests__/support/admin";
import { contentCopy, formFieldsOf, formValues, git, standInBuild, ticked, waitingBuilds } from "../../../__tests__/support/content";
import { closedAfterEachTest, endedProcessId, fixtureBuild, tempDataDir, TestSmtp, validPayloads, waitFor } from "../../../__tests__/support/fixtures";
import { formatTime } from "../../shared/view-context";
import { scheduleRequester } from "../publisher";
import { openTestDatabase } from "../../../__tests__/support/test-database";

/**
 * Drafts that stay drafts: each item has a published version (the commit `refs/content/published`
 * points to) and a draft (its file in the content folder). A save changes the draft only; a
 * publish, by hand or by the schedule, takes the items chosen and nothing else; the live site, the
 * server's mails and the build read the published versions; a scheduled publish cut short by the
 * server's stop runs again at its start, and every staff page says so until someone has seen it.
 * The builds are the stand-in (server/__tests__/support/stand-in-build.mjs), which waits for its
 * go unless the publish folder says `no-wait`.
 */
const en = adminTranslator("en").t;
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
const editor = { email: "claire@hermitage-lescours.example", password: "a long and unusual passphrase" };
const { apps } = closedAfterEachTest();

async function server(env: Record<string, string>, options: { publishDir: string; now?: () => Date; processId?: number }) {
  const app = await adminTestServer(env, { publishCommand: standInBuild, ...options });
  apps.add(app);
  return app;
}

async function signIn(app: FastifyInstance, first = true) {
  if (first) await addStaff(app, editor.email, editor.password, "editor");
  const client = new StaffClient(app);
  await client.signIn(editor.email, editor.password);
  return client;
}

/** Saves an item through its form, with `changes` over what the form shows. */
async function saveItem(client: StaffClient, path: string, changes: Record<string, string>) {
  const form = formValues((await client.get(path)).body);
  const saved = await client.post(path, { ...form, ...changes, _op: "save" });
  expect(saved.statusCode, [...saved.body.matchAll(/id="problem-([^"]+)"[^>]*>([^<]*)/g)].map((m) => `${m[1]!}: ${m[2]!}`).join("; ")).toBe(303);
}

/** Saves site.json with another contact address, through the editor's form. */
async function setContactEmail(client: StaffClient, dir: string, email: string) {
  const site = JSON.parse(readFileSync(join(dir, "site.json"), "utf8")) as { contact: { email: string } };
  site.contact.email = email;
  const page = await client.get("/admin/content/site/site");
  const version = /name="_version" value="([^"]+)"/.exec(page.body)![1]!;
  expect((await client.post("/admin/content/site/site", { ...formFieldsOf(site), _version: version, _op: "save" })).statusCode).toBe(303);
}

async function releaseBuild(publishDir: string) {
  await waitFor(() => waitingBuilds(publishDir).length > 0, "a build to start");
  writeFileSync(waitingBuilds(publishDir)[0]!, "");
}

const livePage = async (app: FastifyInstance) => (await app.inject({ method: "GET", url: "/" })).body;
const livePrice = async (app: FastifyInstance) => /data-item-price="([^"]*)"/.exec(await livePage(app))?.[1] ?? null;
/** The news items the live page lists (the stand-in lists those on the site at the moment it was built for). */
const liveNews = async (app: FastifyInstance) => [...(await livePage(app)).matchAll(/<li id="([^"]+)">/g)].map((match) => match[1]!);

/** Where the estate's notification of a contact message goes now: what the server's mails say. */
async function notificationGoesTo(app: FastifyInstance, smtp: TestSmtp): Promise<string[]> {
  smtp.received.length = 0;
  const sent = await app.inject({
    method: "POST",
    url: "/api/contact-messages",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(validPayloads.contactMessage),
  });
  expect(sent.statusCode).toBe(201);
  await waitFor(() => smtp.received.length === 1, "the estate's notification");
  return smtp.received[0]!.to;
}

/** A published file (`refs/content/published`) of the content folder, parsed. */
const publishedJson = <T>(dir: string, file: string) => JSON.parse(git(dir, "show", `refs/content/published:./${file}`)) as T;

describe("drafts that stay drafts", () => {
  it("publishes the items ticked and only them: another saved draft stays off the site, out of the server's mails and out of the published content", async () => {
    const smtp = new TestSmtp();
    await smtp.start();
    onTestFinished(() => smtp.stop());
    const dir = contentCopy();
    const publishDir = mkdtempSync(join(tmpdir(), "lescours-published-"));
    const app = await server({ CONTENT_DIR: dir, SMTP_URL: smtp.url }, { publishDir });
    const client = await signIn(app);
    const oldAddress = (JSON.parse(readFileSync(join(dir, "site.json"), "utf8")) as { contact: { email: string } }).contact.email;
    const { price } = JSON.parse(readFileSync(join(dir, "wines/chateau-2020.json"), "utf8")) as { price: number };

    // Two drafts: a price and the estate's new mailbox.
    await saveItem(client, "/admin/content/wines/chateau-2020", { price: "61" });
    await setContactEmail(client, dir, "accueil@hermitage-lescours.example");
    const item = await client.get("/admin/content/wines/chateau-2020");
    expect(item.body).toContain(html(en("content.publication.draftExplain")));
    // The publish page lists exactly these two, each with what it changes, none ticked.
    const page = await client.get("/admin/content/publish");
    const boxes = elements(parseHtml(page.body)).filter((element) => element.tagName === "input" && attribute(element, "type") === "checkbox");
    expect(boxes.map((box) => attribute(box, "name")).sort()).toEqual(["item.site/site", "item.wines/chateau-2020"]);
    expect(boxes.some((box) => box.attrs.some((attr) => attr.name === "checked"))).toBe(false);
    expect(page.body).toContain(html(en("content.change.changed", { field: "Price", before: `€${price}`, after: "€61" })));
    // Nothing ticked is refused, with the page again.
    const none = await client.post("/admin/content/publish", {});
    expect(none.statusCode).toBe(400);
    expect(none.body).toContain(html(en("content.publish.noneChosen")));
    expect(app.contentPublisher.recent()).toEqual([]);

    expect((await client.post("/admin/content/publish", ticked("wines/chateau-2020"))).statusCode).toBe(303);
    await releaseBuild(publishDir);
    await app.contentPublisher.idle();
    expect(app.contentPublisher.recent()[0]!.items).toEqual(["wines/chateau-2020"]);
    expect(await livePrice(app)).toBe("61");
    // The mailbox is still a draft: the site's content and the server's mails keep the published one.
    expect(await notificationGoesTo(app, smtp)).toEqual([oldAddress]);
    expect(publishedJson<{ contact: { email: string } }>(dir, "site.json").contact.email).toBe(oldAddress);
    expect(publishedJson<{ price: number }>(dir, "wines/chateau-2020.json").price).toBe(61);
    const after = await client.get("/admin/content/publish");
    expect([...after.body.matchAll(/name="(item\.[^"]+)"/g)].map((match) => match[1])).toEqual(["item.site/site"]);
    expect((await client.get("/admin/content/wines/chateau-2020")).body).toContain(html(en("content.publication.liveExplain")));
  });

  it("makes the server's content what the publish built, never the folder as it is when the build ends", async () => {
    const smtp = new TestSmtp();
    await smtp.start();
    onTestFinished(() => smtp.stop());
    const dir = contentCopy();
    const publishDir = mkdtempSync(join(tmpdir(), "lescours-published-"));
    const app = await server({ CONTENT_DIR: dir, SMTP_URL: smtp.url }, { publishDir });
    const client = await signIn(app);
    await setContactEmail(client, dir, "accueil@hermitage-lescours.example");
    expect((await client.post("/admin/content/publish", ticked("site/site"))).statusCode).toBe(303);
    await waitFor(() => waitingBuilds(publishDir).length > 0, "the build to start");
    // Saved while that build runs: a draft, which the publish did not build.
    await setContactEmail(client, dir, "brouillon@hermitage-lescours.example");
    writeFileSync(waitingBuilds(publishDir)[0]!, "");
    await app.contentPublisher.idle();
    expect(app.contentPublisher.recent()[0]!.status).toBe("done");
    expect(await notificationGoesTo(app, smtp)).toEqual(["accueil@hermitage-lescours.example"]);
  });

  it("at a scheduled moment publishes its own item only, as its draft stands then; the other drafts stay drafts", async () => {
    const dir = contentCopy();
    const publishDir = mkdtempSync(join(tmpdir(), "lescours-published-"));
    writeFileSync(join(publishDir, "no-wait"), "");
    let clock = Date.parse("2026-12-01T08:00:00Z");
    const app = await server({ CONTENT_DIR: dir, CONTENT_SCHEDULE_CHECK_SECONDS: "1" }, { publishDir, now: () => new Date(clock) });
    const client = await signIn(app);
    const { price } = JSON.parse(readFileSync(join(dir, "wines/chateau-2020.json"), "utf8")) as { price: number };
    await saveItem(client, "/admin/content/wines/chateau-2020", { price: "63" });
    await saveItem(client, "/admin/content/news/harvest-2026", { "title.en": "Harvest 2026, the full story", publishAt: "2026-12-01T10:30" });
    await saveItem(client, "/admin/content/news/new-cellar-master", { "title.en": "A new cellar master (draft)" });
    clock = Date.parse("2026-12-01T09:31:00Z");
    await waitFor(() => app.contentPublisher.recent().length === 1, "the scheduled publish");
    await app.contentPublisher.idle();
    const [job] = app.contentPublisher.recent();
    expect([job!.requestedBy, job!.items, job!.status]).toEqual([[scheduleRequester], ["news/harvest-2026"], "done"]);
    // Its item is on the site as the draft has it; the price and the other news item stay as published.
    expect(await liveNews(app)).toContain("harvest-2026");
    expect(await livePage(app)).toContain("Harvest 2026, the full story");
    expect(await livePage(app)).not.toContain("A new cellar master (draft)");
    expect(await livePrice(app)).toBe(String(price));
    const page = await client.get("/admin/content/publish");
    expect([...page.body.matchAll(/name="(item\.[^"]+)"/g)].map((match) => match[1]).sort()).toEqual([
      "item.news/new-cellar-master",
      "item.wines/chateau-2020",
    ]);
  });

  it("previews an item scheduled for later as it will look at that moment", async () => {
    const dir = contentCopy();
    const publishDir = mkdtempSync(join(tmpdir(), "lescours-published-"));
    writeFileSync(join(publishDir, "no-wait"), "");
    const clock = Date.parse("2026-12-01T08:00:00Z");
    const app = await server({ CONTENT_DIR: dir }, { publishDir, now: () => new Date(clock) });
    const client = await signIn(app);
    await saveItem(client, "/admin/content/news/harvest-2026", { publishAt: "2026-12-24T18:00" });
    expect((await client.post("/admin/content/preview", ticked("news/harvest-2026"))).statusCode).toBe(303);
    await app.contentPublisher.idle();
    const [preview] = app.contentPublisher.recent();
    expect(preview!.asOf).toBe("2026-12-24T17:00:00.000Z");
    const page = await client.get("/admin/content/publish");
    expect(page.body).toContain(html(en("content.preview.asOf", { when: formatTime({ lang: "en" }, "2026-12-24T17:00:00.000Z") })));
    // Its page, as the preview serves it: the item is on it.
    const link = /href="(\/admin\/content\/preview\/\d+\/)"/.exec(page.body)![1]!;
    const shown = await client.get(link);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<li id="harvest-2026">');
    // Not on the live site, which a publish now would build for now.
    expect(await liveNews(app)).not.toContain("harvest-2026");
  });
});

describe("a scheduled publish the server's stop cuts short", () => {
  /** A server on `dir` whose schedule publishes harvest-2026 at 10:30 Paris time, its build started and waiting. */
  async function cutShortSetUp({ killed = false } = {}) {
    const dir = contentCopy();
    const publishDir = mkdtempSync(join(tmpdir(), "lescours-published-"));
    let clock = Date.parse("2026-12-01T08:00:00Z");
    const now = () => new Date(clock);
    const env = { CONTENT_DIR: dir, BUILD_DIR: fixtureBuild(), DATA_DIR: tempDataDir(), CONTENT_SCHEDULE_CHECK_SECONDS: "1" };
    // A server to be killed names a process that has ended in its leases, as a killed server's do (it runs on in this process).
    const first = await server(env, { publishDir, now, ...(killed ? { processId: endedProcessId() } : {}) });
    const client = await signIn(first);
    await saveItem(client, "/admin/content/news/harvest-2026", { "title.en": "Harvest 2026, at last", publishAt: "2026-12-01T10:30" });
    clock = Date.parse("2026-12-01T09:31:00Z");
    await waitFor(() => waitingBuilds(publishDir).length > 0, "the scheduled build to start");
    return { dir, publishDir, env, now, first, cutShort: waitingBuilds(publishDir)[0]! };
  }

  /** The second server runs the moment's publish again at its start, and its staff pages say so until seen. */
  async function publishedAgain(second: FastifyInstance) {
    await waitFor(
      () => second.contentPublisher.recent().some((job) => job.requestedBy.includes(scheduleRequester) && job.status === "done"),
      "the scheduled publish run again",
    );
    const done = second.contentPublisher.recent().find((job) => job.status === "done")!;
    expect(done.items).toEqual(["news/harvest-2026"]);
    expect(await liveNews(second)).toContain("harvest-2026");
    const client = await signIn(second, false);
    const alert = (body: string) => elements(parseHtml(body)).find((element) => attribute(element, "class") === "schedule-alert");
    // On every staff page of the editors, the content's and others.
    for (const path of ["/admin/content", "/admin/account", "/admin/newsletter"]) {
      const shown = alert((await client.get(path)).body);
      expect(shown, path).toBeDefined();
      expect(textOf(shown!)).toContain("Harvest 2026, at last");
      expect(textOf(shown!)).toContain(en("scheduleAlert.done", { when: formatTime({ lang: "en" }, done.finishedAt!.toISOString()) }));
    }
    expect((await client.post("/admin/content/alerts/seen", { back: "/admin/account" })).headers.location).toBe("/admin/account");
    expect(alert((await client.get("/admin/content")).body)).toBeUndefined();
  }

  it("a kill -9 (a second server starts on the same data while the first one's build runs): the moment is published again at start", async () => {
    const { publishDir, env, now, first } = await cutShortSetUp({ killed: true });
    // A killed server does nothing more: its schedule looks no more (its build waits for ever).
    first.contentSchedule.stop();
    writeFileSync(join(publishDir, "no-wait"), "");
    // The first server is never let go on: as if it had been killed mid-build.
    const second = await server(env, { publishDir, now });
    await publishedAgain(second);
  });

  it("a deploy's SIGTERM (the server closes while the build runs): the moment is published again at the next start", async () => {
    const { publishDir, env, now, first } = await cutShortSetUp();
    await first.close();
    apps.delete(first);
    // A server that stops gives its turns back: the next one (or the other machine) publishes at once,
    // not once they run out (a minute on PostgreSQL, where the closed server's process lives on).
    const db = openTestDatabase(env.DATA_DIR);
    try {
      expect(db.prepare("SELECT name FROM leases WHERE name LIKE 'content-%' OR name LIKE 'publish-job:%'").all()).toEqual([]);
    } finally {
      db.close();
    }
    writeFileSync(join(publishDir, "no-wait"), "");
    const second = await server(env, { publishDir, now });
    await publishedAgain(second);
  });
});

describe("a history that says what changed", () => {
  it("a title edit sent by a browser (every text area's line ends as CR LF) changes one line of the file, and the history says that one change", async () => {
    const dir = contentCopy();
    const publishDir = mkdtempSync(join(tmpdir(), "lescours-published-"));
    const app = await server({ CONTENT_DIR: dir }, { publishDir });
    const client = await signIn(app);
    const path = "/admin/content/news/harvest-2026";
    const form = formValues((await client.get(path)).body);
    // As a browser posts a form: a text area's line ends are CR LF (HTML's form encoding).
    const posted = Object.fromEntries(Object.entries(form).map(([name, value]) => [name, value.replace(/\n/g, "\r\n")]));
    expect(Object.values(posted).some((value) => value.includes("\r\n"))).toBe(true);
    expect((await client.post(path, { ...posted, "title.fr": "Les vendanges 2026 sont au chai", _op: "save" })).statusCode).toBe(303);
    expect(readFileSync(join(dir, "news/harvest-2026.json"), "utf8")).not.toContain("\\r");
    expect(git(dir, "show", "--numstat", "--format=", "HEAD", "--", "news/harvest-2026.json").trim()).toBe("1\t1\tnews/harvest-2026.json");
    const history = await client.get(`${path}/history`);
    const newest = elements(parseHtml(history.body)).find((element) => attribute(element, "class") === "revision panel")!;
    const changes = elements(newest).find((element) => attribute(element, "class") === "changes")!;
    const lines = elements(changes).filter((element) => element.tagName === "li");
    expect(lines.map(textOf)).toEqual([
      en("content.change.changed", { field: "Title (French)", before: "“Les vendanges 2026 sont rentrées”", after: "“Les vendanges 2026 sont au chai”" }),
    ]);
  });

  it("texts saved with CR LF before are made LF once at start, in the drafts and in the published content", async () => {
    const dir = contentCopy();
    git(dir, "init", "-q");
    const file = join(dir, "news/harvest-2026.json");
    const item = JSON.parse(readFileSync(file, "utf8")) as { content: Record<string, string> };
    item.content.en = "The harvest began.\r\n\r\nIt ended three weeks later.";
    writeFileSync(file, `${JSON.stringify(item, null, 2)}\n`);
    git(dir, "add", "-A");
    git(dir, "-c", "user.name=Estate", "-c", "user.email=estate@hermitage-lescours.example", "-c", "commit.gpgSign=false", "commit", "-q", "-m", "The content");
    git(dir, "update-ref", "refs/content/published", "HEAD");
    const commits = Number(git(dir, "rev-list", "--count", "HEAD"));
    const publishDir = mkdtempSync(join(tmpdir(), "lescours-published-"));
    const env = { CONTENT_DIR: dir, DATA_DIR: tempDataDir() };
    const app = await server(env, { publishDir });
    const draft = JSON.parse(readFileSync(file, "utf8")) as typeof item;
    expect(draft.content.en).toBe("The harvest began.\n\nIt ended three weeks later.");
    expect(publishedJson<typeof item>(dir, "news/harvest-2026.json").content.en).toBe("The harvest began.\n\nIt ended three weeks later.");
    expect(Number(git(dir, "rev-list", "--count", "HEAD"))).toBe(commits + 1);
    expect(git(dir, "status", "--porcelain")).toBe("");
    // Once: a restart finds nothing to change.
    await app.close();
    apps.delete(app);
    await server(env, { publishDir });
    expect(Number(git(dir, "rev-list", "--count", "HEAD"))).toBe(commits + 1);
  });
});
