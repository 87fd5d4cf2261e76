import { existsSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
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
 * other. Runs in the "postgres" project (vitest.config.ts).
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
});
