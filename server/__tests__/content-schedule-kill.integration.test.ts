import { once } from "node:events";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { clockServer, startServer, type RunningServer } from "../../e2e/support/server";
import { projectDir } from "../config";
import { contentRepository, git, standInBuild } from "./support/content";
import { fixtureBuild, tempDataDir, waitFor } from "./support/fixtures";
import { openTestDatabase } from "./support/test-database";

/**
 * A scheduled publish cut short by `kill -9`, on the real server as a process (compiled, as
 * `npm start` runs it; its publishes built by the stand-in, which waits for its go): the moment
 * comes, the build starts, the server is killed; started again on the same data, it publishes the
 * scheduled item by itself, and records that the moment's publish was cut short (the staff pages'
 * alert). The schedule is the one requester not there to click "Publish again".
 */
const servers = new Set<RunningServer>();
const folders: string[] = [];
afterAll(async () => {
  await Promise.all([...servers].map((server) => server.stop()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** The stand-in builds started in the publish folder (each leaves `<build>.waiting` with its process id). */
const startedBuilds = (publishDir: string) => readdirSync(publishDir).filter((name) => name.endsWith(".waiting"));

describe("a scheduled publish cut short by kill -9", () => {
  it("is published at the next start, by itself, and recorded as cut short", async () => {
    const dir = contentRepository();
    // What is committed is what is live; the item's draft, saved as the editor saves it, goes online in a few seconds.
    git(dir, "update-ref", "refs/content/published", "HEAD");
    const file = join(dir, "news/harvest-2026.json");
    const item = JSON.parse(readFileSync(file, "utf8")) as { title: Record<string, string>; publishAt?: string };
    item.title.en = "Harvest 2026, published by the schedule";
    // An hour from now: the servers' clocks are moved past it (`/__e2e/clock`), no waiting.
    const moment = Date.now() + 3_600_000;
    item.publishAt = new Date(moment).toISOString();
    writeFileSync(file, `${JSON.stringify(item, null, 2)}\n`);
    git(dir, "-c", "user.name=claire", "-c", "user.email=claire@example.org", "-c", "commit.gpgSign=false", "commit", "-q", "-am", "Harvest 2026: scheduled");
    // Inside the project, as PUBLISH_DIR must be.
    const publishDir = mkdtempSync(join(projectDir, "build-test-kill-"));
    folders.push(publishDir);
    const dataDir = tempDataDir();
    const options = {
      entry: clockServer,
      buildDir: fixtureBuild(),
      dataDir,
      env: {
        CONTENT_DIR: dir,
        PUBLISH_DIR: publishDir,
        CONTENT_SCHEDULE_CHECK_SECONDS: "1",
        RATE_LIMIT_MAX: "0",
        E2E_PUBLISH_COMMAND: JSON.stringify(standInBuild),
      },
    };

    /** Moves a server's clock a minute past the moment. */
    const pastTheMoment = async (server: RunningServer) =>
      expect((await fetch(`${server.url}/__e2e/clock?at=${new Date(moment + 60_000).toISOString()}`, { method: "POST" })).status).toBe(200);

    const first = await startServer(options);
    servers.add(first);
    // Once it has read the schedule (at start, with the moment still to come), the moment comes.
    const watching = openTestDatabase(dataDir);
    await waitFor(() => (watching.prepare("SELECT count(*) AS n FROM content_schedule").get() as { n: number }).n === 1, "the moment read");
    watching.close();
    await pastTheMoment(first);
    await waitFor(() => startedBuilds(publishDir).length > 0, "the scheduled publish's build to start");
    first.process.kill("SIGKILL");
    await once(first.process, "exit");
    servers.delete(first);
    // Its build, orphaned, is stopped too (its process id is in its `.waiting`).
    const orphan = Number(readFileSync(join(publishDir, startedBuilds(publishDir)[0]!), "utf8"));
    process.kill(orphan, "SIGKILL");
    expect((await fetch(`${first.url}/`).catch(() => null)) === null).toBe(true);

    writeFileSync(join(publishDir, "no-wait"), "");
    const second = await startServer(options);
    servers.add(second);
    await pastTheMoment(second);
    await waitFor(() => existsSync(join(publishDir, "current")), "the scheduled publish run again");
    const page = await (await fetch(`${second.url}/`)).text();
    expect(page).toContain('<li id="harvest-2026">Harvest 2026, published by the schedule</li>');
    await second.stop();
    servers.delete(second);

    const db = openTestDatabase(dataDir);
    const jobs = db.prepare("SELECT requested_by, status, items FROM publish_jobs ORDER BY id").all();
    const moments = db.prepare("SELECT type, item, action, interrupted_at IS NOT NULL AS cut, job_id IS NOT NULL AS asked FROM content_schedule").all();
    db.close();
    expect(jobs).toEqual([
      { requested_by: '["@schedule"]', status: "interrupted", items: '["news/harvest-2026"]' },
      { requested_by: '["@schedule"]', status: "done", items: '["news/harvest-2026"]' },
    ]);
    expect(moments).toEqual([{ type: "news", item: "harvest-2026", action: "publish", cut: 1, asked: 1 }]);
  });
});
