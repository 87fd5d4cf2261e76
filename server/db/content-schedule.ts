/**
 * The moments scheduled items go on or off the site (table `content_schedule`, migration 70), as
 * server/admin/content/schedule.ts keeps them: one row per item, action and moment, marked started
 * when the publish for it has been asked for.
 */
import type { Db } from "./database";

/** One scheduled moment. */
export interface ScheduledMoment {
  runAt: string;
  type: string;
  item: string;
  action: "publish" | "unpublish";
}

interface Row {
  run_at: string;
  type: string;
  item: string;
  action: "publish" | "unpublish";
  started_at: string | null;
  job_id: number | null;
}

/**
 * Brings the waiting moments of the given items in line with their content: a waiting moment the
 * content no longer names is dropped (rescheduled, or unscheduled), every moment of `added` is
 * kept (a moment already started stays as it was).
 */
export function replaceScheduledMoments(
  db: Db,
  items: readonly { type: string; item: string }[],
  named: readonly ScheduledMoment[],
  added: readonly ScheduledMoment[] = named,
): void {
  const waiting = db.prepare("SELECT * FROM content_schedule WHERE type = ? AND item = ? AND started_at IS NULL");
  const drop = db.prepare("DELETE FROM content_schedule WHERE type = ? AND item = ? AND action = ? AND run_at = ? AND started_at IS NULL");
  const add = db.prepare("INSERT INTO content_schedule (run_at, type, item, action) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING");
  const key = (moment: { type: string; item: string; action: string; runAt: string }) => `${moment.type}\0${moment.item}\0${moment.action}\0${moment.runAt}`;
  const still = new Set(named.map(key));
  db.transaction(() => {
    for (const { type, item } of items) {
      for (const row of waiting.all(type, item) as Row[]) {
        if (!still.has(key({ type: row.type, item: row.item, action: row.action, runAt: row.run_at }))) drop.run(row.type, row.item, row.action, row.run_at);
      }
    }
    for (const moment of added) add.run(moment.runAt, moment.type, moment.item, moment.action);
  })();
}

/** The moments due by `now` and not started, oldest first. */
export function dueMoments(db: Db, now: string): ScheduledMoment[] {
  const rows = db.prepare("SELECT * FROM content_schedule WHERE started_at IS NULL AND run_at <= ? ORDER BY run_at").all(now) as Row[];
  return rows.map(({ run_at, type, item, action }) => ({ runAt: run_at, type, item, action }));
}

/** The earliest moment not started, if any. */
export function nextMoment(db: Db): string | null {
  return (db.prepare("SELECT min(run_at) AS next FROM content_schedule WHERE started_at IS NULL").get() as { next: string | null }).next;
}

/** Records that the publish for these moments was asked for (job `jobId`). */
export function markMomentsStarted(db: Db, moments: readonly ScheduledMoment[], at: string, jobId: number): void {
  const mark = db.prepare(
    "UPDATE content_schedule SET started_at = ?, job_id = ? WHERE type = ? AND item = ? AND action = ? AND run_at = ? AND started_at IS NULL",
  );
  db.transaction(() => {
    for (const moment of moments) mark.run(at, jobId, moment.type, moment.item, moment.action, moment.runAt);
  })();
}

/** The moments not started, soonest first (the list of the content shows them). */
export function waitingMoments(db: Db): ScheduledMoment[] {
  const rows = db.prepare("SELECT * FROM content_schedule WHERE started_at IS NULL ORDER BY run_at").all() as Row[];
  return rows.map(({ run_at, type, item, action }) => ({ runAt: run_at, type, item, action }));
}
