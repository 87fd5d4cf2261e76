import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { adminTranslator } from "#locales/admin";
import { formatTime } from "../../shared/view-context";
import { addStaff, adminTestServer, StaffClient } from "../../../__tests__/support/admin";
import { closedAfterEachTest, tempDataDir, waitFor } from "../../../__tests__/support/fixtures";
import { contentCopy, formFieldsOf, formValues, git, standInBuild, ticked, waitingBuilds } from "../../../__tests__/support/content";
import { onPostgres, testDatabaseUrl } from "../../../__tests__/support/test-database";

/**
 * Two instances on one PostgreSQL database, with one content folder, one publish folder and one
 * data folder that both reach (as a shared folder gives two machines: docs/deployment.md, "Files
 * both machines share"): a publish made on one is served by both, and the other speaks with its
 * content (server/admin/content/follow-live.ts); two publishes asked for at once go online one
 * after the other (the lease content-publish); a photograph uploaded on one is saved through the
 * other; each one's publish page lists the other's publishes and previews as they go, and serves
 * the other's previews (the jobs' rows, server/db/publish-jobs.ts). Runs in the "postgres" project
 * (vitest.config.ts).
 */

const { apps } = closedAfterEachTest();

/** Two instances on one new database, one content folder, one publish folder and one data folder; the editor signed in on each. */
async function twoInstances(options: { waitForRelease: boolean }) {
  const dir = contentCopy();
  const publishDir = mkdtempSync(join(tmpdir(), "lescours-published-"));
  // Unless the test lets each build finish itself, the stand-in build does not wait for it.
  if (!options.waitForRelease) writeFileSync(join(publishDir, "no-wait"), "");
  const dataDir = tempDataDir();
  const env = { CONTENT_DIR: dir, DATA_DIR: dataDir, DATABASE_URL: testDatabaseUrl(dataDir)! };
  const instances: FastifyInstance[] = [];
  const clients: StaffClient[] = [];
  for (let i = 0; i < 2; i++) {
    const app = await adminTestServer(env, { publishCommand: standInBuild, publishDir });
    apps.add(app);
    if (i === 0) await addStaff(app, editor.email, editor.password, "editor");
    const client = new StaffClient(app);
    await client.signIn(editor.email, editor.password);
    instances.push(app);
    clients.push(client);
  }
  return { dir, publishDir, instances, clients, start: () => adminTestServer(env, { publishCommand: standInBuild, publishDir }) };
}

/** Saves a wine's price as a draft through the editor, every other field posted as the file has it. */
async function savePrice(client: StaffClient, dir: string, wine: string, price: string) {
  const page = await client.get(`/admin/content/wines/${wine}`);
  const value = JSON.parse(readFileSync(join(dir, `wines/${wine}.json`), "utf8")) as unknown;
  const version = /name="_version" value="([^"]+)"/.exec(page.body)![1]!;
  expect((await client.post(`/admin/content/wines/${wine}`, { ...formFieldsOf(value), price, _version: version, _op: "save" })).statusCode).toBe(303);
}

const en = adminTranslator("en").t;
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
/** The first link of a publish page to a preview's page, and the preview job's number. */
const previewLink = (page: string) => /href="(\/admin\/content\/preview\/(\d+)\/)"/.exec(page);

const priceOf = (app: FastifyInstance, wine: string) => app.content.current.wines.find((candidate) => candidate.id === wine)?.price;
const editor = { email: "claire@hermitage-lescours.example", password: "a long and unusual passphrase" };
/** The price the stand-in build's home page shows (server/__tests__/support/stand-in-build.mjs). */
const price = async (app: FastifyInstance) => /data-item-price="([^"]*)"/.exec((await app.inject({ method: "GET", url: "/" })).body)?.[1] ?? null;

describe.runIf(onPostgres())("two instances on one PostgreSQL database and one publish folder", () => {
  it("both serve a publish made on one, and the other speaks with the content it was made from", async () => {
    const { dir, publishDir, instances, clients } = await twoInstances({ waitForRelease: false });
    const [one, other] = instances;
    const client = clients[0]!;
    const before = await price(other!);

    // The editor, on the first instance, sets the wine's price and publishes it.
    await savePrice(client, dir, "chateau-2020", "47.5");
    expect((await client.post("/admin/content/publish", ticked("wines/chateau-2020"))).statusCode).toBe(303);
    await one!.contentPublisher.idle();
    expect(await price(one!)).toBe("47.5");
    expect(before).not.toBe("47.5");

    // The other instance serves the same build once it is live, and its content store reads the price.
    const live = realpathSync(join(publishDir, "current"));
    await waitFor(() => realpathSync(other!.servedBuild()) === live, "the other instance to serve the publish");
    expect(await price(other!)).toBe("47.5");
    expect(priceOf(other!, "chateau-2020")).toBe(47.5);
  });

  it("save a photograph uploaded on one through the other: a form refused on one instance keeps it, the other finds it and commits it", async () => {
    const { dir, clients } = await twoInstances({ waitForRelease: false });
    const path = "/admin/content/news/harvest-2026";
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 120, g: 40, b: 60 } } })
      .jpeg()
      .toBuffer();
    const form = formValues((await clients[0]!.get(path)).body);
    const alt = Object.fromEntries(["en", "fr", "zh", "es", "ja"].map((lang) => [`photo.alt.${lang}`, `Le chai (${lang})`]));
    // Refused on the first instance for a missing description: the photograph waits for the save that names it.
    const refused = await clients[0]!.postMultipart(
      path,
      { ...form, ...alt, "photo.alt.ja": "", _op: "save" },
      { "photo.scene.upload": { name: "IMG_1.JPG", type: "image/jpeg", bytes: photo } },
    );
    expect(refused.statusCode).toBe(400);
    const scene = /name="photo\.scene" value="(upload-[0-9a-f]+)"/.exec(refused.body)?.[1];
    expect(scene).toBeDefined();
    // The next request reaches the other instance (nginx sends each to either): it shows the photograph and saves it.
    expect((await clients[1]!.get(`/admin/content/pictures/${scene!}.jpg`)).statusCode).toBe(200);
    const form2 = formValues((await clients[1]!.get(path)).body);
    const saved = await clients[1]!.postMultipart(path, { ...form2, ...alt, "photo.scene": scene!, _op: "save" }, {});
    expect(saved.statusCode).toBe(303);
    expect(existsSync(join(dir, "images", "scenes", `${scene!}.jpg`))).toBe(true);
  });

  it("save drafts on both at once: every save is committed, none meets the other's git lock", async () => {
    const { dir, clients } = await twoInstances({ waitForRelease: false });
    const wines = ["chateau-2018", "chateau-2019", "chateau-2020", "cuvee9-2019", "cuvee9-2020"];
    // Each wine's page read first, then every save sent at once, spread over both instances.
    const pages = await Promise.all(wines.map((wine, i) => clients[i % 2]!.get(`/admin/content/wines/${wine}`)));
    const saves = await Promise.all(
      wines.map((wine, i) => {
        const value = JSON.parse(readFileSync(join(dir, `wines/${wine}.json`), "utf8")) as unknown;
        const version = /name="_version" value="([^"]+)"/.exec(pages[i]!.body)![1]!;
        return clients[i % 2]!.post(`/admin/content/wines/${wine}`, { ...formFieldsOf(value), price: String(40 + i), _version: version, _op: "save" });
      }),
    );
    expect(saves.map((save) => save.statusCode)).toEqual(wines.map(() => 303));
    for (const [i, wine] of wines.entries())
      expect((JSON.parse(readFileSync(join(dir, `wines/${wine}.json`), "utf8")) as { price: number }).price).toBe(40 + i);
    // One commit per save, and nothing left uncommitted.
    expect(git(dir, "log", "--format=%s", `-${wines.length}`).trim().split("\n")).toHaveLength(wines.length);
    expect(git(dir, "status", "--porcelain")).toBe("");
  });

  it("leave each other's publishes alone: one that starts while the other publishes neither marks it interrupted nor stops it at its own stop", async () => {
    const { dir, publishDir, instances, clients, start } = await twoInstances({ waitForRelease: true });
    const one = instances[0]!;
    await savePrice(clients[0]!, dir, "chateau-2020", "47.5");
    expect((await clients[0]!.post("/admin/content/publish", ticked("wines/chateau-2020"))).statusCode).toBe(303);
    await waitFor(() => waitingBuilds(publishDir).length > 0, "the build to start");
    const job = one.contentPublisher.recent()[0]!;
    // A third server starts on the same database and folders while the build runs (a machine
    // restarted, a new release), and stops again before it ends.
    const third = await start();
    apps.add(third);
    expect(third.contentPublisher.interruptedAtStart).toEqual([]);
    expect(third.contentPublisher.job(job.id)?.status).toBe("building");
    await third.close();
    apps.delete(third);
    for (const go of waitingBuilds(publishDir)) writeFileSync(go, "");
    await one.contentPublisher.idle();
    expect(job.status).toBe("done");
    expect(await price(one)).toBe("47.5");
    // The record says so too, for the next server that starts.
    const fourth = await start();
    apps.add(fourth);
    expect(fourth.contentPublisher.job(job.id)?.status).toBe("done");
  });

  it("publish one at a time: a publish asked for on each while the other's builds both go online, the second on top of the first", async () => {
    const { dir, publishDir, instances, clients } = await twoInstances({ waitForRelease: true });
    const [one, other] = instances as [FastifyInstance, FastifyInstance];
    await savePrice(clients[0]!, dir, "chateau-2020", "47.5");
    await savePrice(clients[1]!, dir, "chateau-2019", "52");
    // The first instance's build runs (and waits to be let finish) when the second's publish is asked for.
    expect((await clients[0]!.post("/admin/content/publish", ticked("wines/chateau-2020"))).statusCode).toBe(303);
    await waitFor(() => waitingBuilds(publishDir).length > 0, "the first instance's build to start");
    expect((await clients[1]!.post("/admin/content/publish", ticked("wines/chateau-2019"))).statusCode).toBe(303);
    const ended = (app: FastifyInstance) => ["done", "failed"].includes(app.contentPublisher.recent()[0]?.status ?? "");
    // Every build that waits is let finish, until both publishes have ended.
    await waitFor(() => {
      for (const go of waitingBuilds(publishDir)) writeFileSync(go, "");
      return ended(one) && ended(other);
    }, "both publishes to end");

    expect([one, other].map((app) => app.contentPublisher.recent()[0]!.status)).toEqual(["done", "done"]);
    // Both went online: the last build holds both prices, and both instances serve it and speak with it.
    const live = realpathSync(join(publishDir, "current"));
    for (const app of [one, other]) {
      await waitFor(() => realpathSync(app.servedBuild()) === live, "each instance to serve the last publish");
      expect([priceOf(app, "chateau-2020"), priceOf(app, "chateau-2019")]).toEqual([47.5, 52]);
    }
  });

  it("show a publish running on one on the other's publish page, with its steps as the build reports them, and done there once it is", async () => {
    const { dir, publishDir, instances, clients } = await twoInstances({ waitForRelease: true });
    const [one, other] = [clients[0]!, clients[1]!];
    await savePrice(one, dir, "chateau-2020", "47.5");
    expect((await one.post("/admin/content/publish", ticked("wines/chateau-2020"))).statusCode).toBe(303);
    await waitFor(() => waitingBuilds(publishDir).length > 0, "the build to start");
    // The stand-in build reports its first step, then waits: the other instance's page, reloaded
    // as the staff member's browser reloads it, shows the publish building with that step.
    const firstStep = html(en("content.step.skipped", { step: en("content.step.pages") }));
    let page = "";
    await waitFor(async () => (page = (await other.get("/admin/content/publish")).body).includes(firstStep), "the other instance to show the build's step");
    expect(page).toContain("publish-job publish-building");
    expect(page).toContain(html(en("content.publish.status.building")));
    expect(page).toContain(html(en("content.publish.requestedBy", { who: editor.email })));
    // A page that reloads itself while the publish runs.
    expect(page).toContain('http-equiv="refresh"');

    for (const go of waitingBuilds(publishDir)) writeFileSync(go, "");
    await instances[0]!.contentPublisher.idle();
    page = (await other.get("/admin/content/publish")).body;
    expect(page).toContain("publish-job publish-done");
    expect(page).toContain(html(en("content.publish.status.done")));
    expect(page).toContain(html(en("content.step.skipped", { step: en("content.step.done") })));
    expect(page).not.toContain("publish-job publish-building");
    expect(page).not.toContain('http-equiv="refresh"');
  });

  it("serve a preview built on one through the other: its pages and files answer there, and its publish page lists it", async () => {
    const { dir, instances, clients } = await twoInstances({ waitForRelease: false });
    const [one, other] = [clients[0]!, clients[1]!];
    await savePrice(one, dir, "chateau-2020", "64");
    expect((await one.post("/admin/content/preview", ticked("wines/chateau-2020"))).statusCode).toBe(303);
    await instances[0]!.contentPublisher.idle();
    const link = previewLink((await one.get("/admin/content/publish")).body);
    expect(link).not.toBeNull();
    // The next request reaches the other instance: the preview's page, with the draft's price, and its own style sheet.
    const preview = await other.get(link![1]!);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toContain('data-item-price="64"');
    const css = await other.get(`/admin/content/preview/${link![2]!}/assets/site.css`);
    expect([css.statusCode, css.headers["content-type"]]).toEqual([200, "text/css; charset=utf-8"]);
    // Its publish page lists the preview, ready, with the link to the same page.
    const page = (await other.get("/admin/content/publish")).body;
    expect(page).toContain(html(en("content.preview.status.done")));
    expect(page).toContain(html(en("content.preview.changed", { count: 1 })));
    expect(previewLink(page)?.[1]).toBe(link![1]);
  });

  it("keep a preview built on one while the other publishes twice: the other's clean-up of old builds leaves it, as both serve it", async () => {
    const { dir, instances, clients } = await twoInstances({ waitForRelease: false });
    const [one, other] = [clients[0]!, clients[1]!];
    await savePrice(one, dir, "chateau-2020", "64");
    expect((await one.post("/admin/content/preview", ticked("wines/chateau-2020"))).statusCode).toBe(303);
    await instances[0]!.contentPublisher.idle();
    const link = previewLink((await one.get("/admin/content/publish")).body)![1]!;
    // Two publishes through the other instance, of other prices: each removes the builds before the one it replaces.
    for (const next of ["47.5", "48"]) {
      await savePrice(other, dir, "chateau-2020", next);
      expect((await other.post("/admin/content/publish", ticked("wines/chateau-2020"))).statusCode).toBe(303);
      await instances[1]!.contentPublisher.idle();
      expect(instances[1]!.contentPublisher.recent()[0]!.status).toBe("done");
    }
    for (const client of [one, other]) {
      const preview = await client.get(link);
      expect(preview.statusCode).toBe(200);
      expect(preview.body).toContain('data-item-price="64"');
    }
  });

  it("put a preview built on one online when the other is asked to publish the same content, without building again", async () => {
    const { dir, publishDir, instances, clients } = await twoInstances({ waitForRelease: false });
    const [one, other] = [clients[0]!, clients[1]!];
    await savePrice(one, dir, "chateau-2020", "64");
    expect((await one.post("/admin/content/preview", ticked("wines/chateau-2020"))).statusCode).toBe(303);
    await instances[0]!.contentPublisher.idle();
    expect((await other.post("/admin/content/publish", ticked("wines/chateau-2020"))).statusCode).toBe(303);
    await instances[1]!.contentPublisher.idle();
    const [published, preview] = instances[1]!.contentPublisher.recent();
    expect([published!.status, published!.fromPreview?.id]).toEqual(["done", preview!.id]);
    expect(realpathSync(join(publishDir, "current"))).toBe(realpathSync(preview!.preview!.dir));
    expect(await price(instances[1]!)).toBe("64");
    // The first instance's page says which preview went online.
    const when = formatTime({ lang: "en" }, preview!.requestedAt.toISOString());
    expect((await one.get("/admin/content/publish")).body).toContain(html(en("content.publish.fromPreview", { time: when })));
  });
});
