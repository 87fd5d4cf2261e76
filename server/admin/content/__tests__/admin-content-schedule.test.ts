import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { adminTranslator } from "#locales/admin";
import { addStaff, adminTestServer, StaffClient } from "../../../__tests__/support/admin";
import { contentCopy, formValues } from "../../../__tests__/support/content";
import { closedAfterEachTest, fixtureBuild, tempDataDir, waitFor } from "../../../__tests__/support/fixtures";
import { momentTable } from "../../../db/content-schedule";
import { formatTime } from "../../shared/view-context";
import { scheduleRequester } from "../publisher";

/**
 * Scheduled publishing: an item's "goes online" and "comes off" moments, typed
 * on the estate's clock, are kept in the database and published at, by the server itself, also
 * after a restart for a moment that passed while it was stopped. The server's clock is injected.
 */
const en = adminTranslator("en").t;
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);
const editor = { email: "claire@hermitage-lescours.example", password: "a long and unusual passphrase" };
const standIn = { file: process.execPath, args: [new URL("../../../__tests__/support/stand-in-build.mjs", import.meta.url).pathname] };
const { apps } = closedAfterEachTest();

/** The moment the stand-in build was told to build for (it writes CONTENT_AS_OF into its page). */
async function builtFor(app: Awaited<ReturnType<typeof adminTestServer>>): Promise<string | null> {
  const page = await app.inject({ method: "GET", url: "/" });
  return /<meta name="built-for" content="([^"]*)">/.exec(page.body)?.[1] ?? null;
}

/**
 * A server on a copy of the content, its clock at 08:00 UTC on 1 December 2026 (`clock.at`, moved by the test), its
 * publishes built by the stand-in, and an editor signed in who has just scheduled the harvest news for 10:30 Paris time.
 */
async function harvestScheduled() {
  const dir = contentCopy();
  const publishDir = mkdtempSync(join(tmpdir(), "lescours-published-"));
  writeFileSync(join(publishDir, "no-wait"), "");
  const clock = { at: Date.parse("2026-12-01T08:00:00Z") };
  const now = () => new Date(clock.at);
  const env = { CONTENT_DIR: dir, BUILD_DIR: fixtureBuild(), DATA_DIR: tempDataDir(), CONTENT_SCHEDULE_CHECK_SECONDS: "1" };
  const app = await adminTestServer(env, { publishCommand: standIn, publishDir, now });
  apps.add(app);
  await addStaff(app, editor.email, editor.password, "editor");
  const client = new StaffClient(app);
  await client.signIn(editor.email, editor.password);
  const form = formValues((await client.get("/admin/content/news/harvest-2026")).body);
  expect((await client.post("/admin/content/news/harvest-2026", { ...form, publishAt: "2026-12-01T10:30", _op: "save" })).statusCode).toBe(303);
  return { dir, publishDir, clock, now, env, app, client };
}

describe("scheduled publishing", () => {
  it("publishes when a scheduled item goes online or comes off, on the estate's clock, and at start for a moment passed while the server was stopped", async () => {
    const { dir, publishDir, clock, now, env, app, client } = await harvestScheduled();
    // 10:30 in Paris on 1 December is 09:30 UTC; the file keeps the moment with its offset.
    const file = () => JSON.parse(readFileSync(join(dir, "news/harvest-2026.json"), "utf8")) as { publishAt?: string; unpublishAt?: string };
    expect(file().publishAt).toBe("2026-12-01T10:30:00+01:00");
    // The form shows it back on the estate's clock, and the list says when it goes online.
    expect(formValues((await client.get("/admin/content/news/harvest-2026")).body).publishAt).toBe("2026-12-01T10:30");
    const list = await client.get("/admin/content");
    expect(list.body).toContain(html(en("content.schedule.goesOnline", { when: formatTime({ lang: "en" }, "2026-12-01T09:30:00.000Z") })));
    expect(app.contentPublisher.recent()).toEqual([]);

    // 09:31 UTC: the schedule asks for a publish, for the moment it now is.
    clock.at = Date.parse("2026-12-01T09:31:00Z");
    await waitFor(() => app.contentPublisher.recent().length === 1, "the scheduled publish");
    const [job] = app.contentPublisher.recent();
    expect(job!.requestedBy).toEqual([scheduleRequester]);
    await app.contentPublisher.idle();
    expect(job!.status).toBe("done");
    expect(await builtFor(app)).toBe("2026-12-01T09:31:00.000Z");
    expect((await client.get("/admin/content/publish")).body).toContain(html(en("content.publish.requestedBy", { who: en("content.publish.bySchedule") })));
    // Once only: the moment is done.
    clock.at += 5_000;
    await app.contentSchedule.readAll();
    expect(app.contentPublisher.recent()).toHaveLength(1);

    // It comes off at 11:00 Paris time; the server stops before then and starts again after.
    const again = formValues((await client.get("/admin/content/news/harvest-2026")).body);
    expect((await client.post("/admin/content/news/harvest-2026", { ...again, unpublishAt: "2026-12-01T11:00", _op: "save" })).statusCode).toBe(303);
    expect(file().unpublishAt).toBe("2026-12-01T11:00:00+01:00");
    await app.close();
    apps.delete(app);
    clock.at = Date.parse("2026-12-01T10:05:00Z");
    const restarted = await adminTestServer(env, { publishCommand: standIn, publishDir, now });
    apps.add(restarted);
    await waitFor(
      () => restarted.contentPublisher.recent().some((earlier) => earlier.requestedBy.includes(scheduleRequester) && earlier.id !== job!.id),
      "the publish for the passed moment",
    );
    await restarted.contentPublisher.idle();
    expect(await builtFor(restarted)).toBe("2026-12-01T10:05:00.000Z");
  });

  it("records a moment as started before it asks for its publish: a server killed in between runs it again at its next start, and says so", async () => {
    const { clock, app } = await harvestScheduled();

    // What the database holds at the instant the publish is asked for: what a kill -9 right then leaves behind.
    const moment = () =>
      app.db.prepare("SELECT started_at, job_id FROM content_schedule WHERE item = 'harvest-2026'").get() as {
        started_at: string | null;
        job_id: number | null;
      };
    const atRequest: ReturnType<typeof moment>[] = [];
    const request = app.contentPublisher.request.bind(app.contentPublisher);
    vi.spyOn(app.contentPublisher, "request").mockImplementation((by, options) => {
      atRequest.push(moment());
      return request(by, options);
    });
    clock.at = Date.parse("2026-12-01T09:31:00Z");
    await waitFor(() => atRequest.length === 1, "the scheduled publish asked for");
    expect(atRequest[0]!.started_at).not.toBeNull();
    await app.contentPublisher.idle();
    expect(moment().job_id).toBe(app.contentPublisher.recent()[0]!.id);

    // That state, at the next start: the moment is set back to waiting and the staff pages' alert names it.
    app.db.prepare("UPDATE content_schedule SET started_at = ?, job_id = NULL WHERE item = 'harvest-2026'").run(atRequest[0]!.started_at);
    const table = momentTable(app.db);
    expect(table.requeueInterrupted("2026-12-01T09:40:00.000Z").map((cut) => cut.item)).toEqual(["harvest-2026"]);
    expect(table.alerts().map((alert) => [alert.item, alert.interruptedAt])).toEqual([["harvest-2026", "2026-12-01T09:40:00.000Z"]]);
  });
});
