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
function replaceScheduledMoments(
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
function dueMoments(db: Db, now: string): ScheduledMoment[] {
  const rows = db.prepare("SELECT * FROM content_schedule WHERE started_at IS NULL AND run_at <= ? ORDER BY run_at").all(now) as Row[];
  return rows.map(({ run_at, type, item, action }) => ({ runAt: run_at, type, item, action }));
}

/** The earliest moment not started, if any. */
function nextMoment(db: Db): string | null {
  return (db.prepare("SELECT min(run_at) AS next FROM content_schedule WHERE started_at IS NULL").get() as { next: string | null }).next;
}

/**
 * The moments' publish is about to be asked for: they are started, with no job yet. A server
 * killed before it records the job (`markMomentsStarted`) finds them cut short at its next start.
 */
function claimMoments(db: Db, moments: readonly ScheduledMoment[], at: string): void {
  const claim = db.prepare("UPDATE content_schedule SET started_at = ? WHERE type = ? AND item = ? AND action = ? AND run_at = ? AND started_at IS NULL");
  db.transaction(() => {
    for (const moment of moments) claim.run(at, moment.type, moment.item, moment.action, moment.runAt);
  })();
}

/** The publish could not be asked for after all (the server is still running): the moments claimed at `at` wait again. */
function releaseMoments(db: Db, moments: readonly ScheduledMoment[], at: string): void {
  const release = db.prepare(
    "UPDATE content_schedule SET started_at = NULL WHERE type = ? AND item = ? AND action = ? AND run_at = ? AND started_at = ? AND job_id IS NULL",
  );
  db.transaction(() => {
    for (const moment of moments) release.run(moment.type, moment.item, moment.action, moment.runAt, at);
  })();
}

/** Records that the publish for the moments claimed at `at` was asked for (job `jobId`). */
function markMomentsStarted(db: Db, moments: readonly ScheduledMoment[], at: string, jobId: number): void {
  const mark = db.prepare(
    "UPDATE content_schedule SET job_id = ? WHERE type = ? AND item = ? AND action = ? AND run_at = ? AND started_at = ? AND job_id IS NULL",
  );
  db.transaction(() => {
    for (const moment of moments) mark.run(jobId, moment.type, moment.item, moment.action, moment.runAt, at);
  })();
}

/** The moments not started, soonest first (the list of the content shows them). */
function waitingMoments(db: Db): ScheduledMoment[] {
  const rows = db.prepare("SELECT * FROM content_schedule WHERE started_at IS NULL ORDER BY run_at").all() as Row[];
  return rows.map(({ run_at, type, item, action }) => ({ runAt: run_at, type, item, action }));
}

/**
 * A scheduled moment whose publish was cut short (the job interrupted: a crash, a `kill -9`, a
 * deploy's SIGTERM; or the server killed after claiming it, before its job was recorded) is set back to waiting, so the schedule publishes for it again at once: it is
 * the one requester that is not there to click "Publish again". It is marked, for the staff pages'
 * alert. Returns the moments set back.
 */
function requeueInterruptedMoments(db: Db, now: string): ScheduledMoment[] {
  const rows = db
    .prepare(
      `UPDATE content_schedule SET started_at = NULL, job_id = NULL, interrupted_at = ?, alert_closed_at = NULL
       WHERE started_at IS NOT NULL AND (job_id IS NULL OR job_id IN (SELECT id FROM publish_jobs WHERE status = 'interrupted'))
       RETURNING run_at, type, item, action`,
    )
    .all(now) as Pick<Row, "run_at" | "type" | "item" | "action">[];
  return rows.map(({ run_at, type, item, action }) => ({ runAt: run_at, type, item, action }));
}

/** A scheduled moment the staff should hear of: its publish was cut short and run again, or failed. */
interface ScheduleAlert extends ScheduledMoment {
  /** When the server found its publish cut short (null: not cut short, it failed). */
  interruptedAt: string | null;
  /** Where its publish (the latest one asked for it) stands: null while it waits for its turn again. */
  status: "queued" | "building" | "switching" | "done" | "failed" | "interrupted" | null;
  finishedAt: string | null;
}

/** The moments to tell the staff of (cut short since, or whose publish failed), not yet marked seen, oldest first. */
function scheduleAlerts(db: Db): ScheduleAlert[] {
  const rows = db
    .prepare(
      `SELECT s.run_at, s.type, s.item, s.action, s.interrupted_at, j.status, j.finished_at
       FROM content_schedule s LEFT JOIN publish_jobs j ON j.id = s.job_id
       WHERE s.alert_closed_at IS NULL AND (s.interrupted_at IS NOT NULL OR j.status = 'failed')
       ORDER BY s.run_at`,
    )
    .all() as (Pick<Row, "run_at" | "type" | "item" | "action"> & {
    interrupted_at: string | null;
    status: ScheduleAlert["status"];
    finished_at: string | null;
  })[];
  return rows.map((row) => ({
    runAt: row.run_at,
    type: row.type,
    item: row.item,
    action: row.action,
    interruptedAt: row.interrupted_at,
    status: row.status,
    finishedAt: row.finished_at,
  }));
}

/** The staff have seen the alerts shown: they are no longer shown. */
function closeScheduleAlerts(db: Db, now: string): void {
  db.prepare(
    `UPDATE content_schedule SET alert_closed_at = ?
     WHERE alert_closed_at IS NULL AND (interrupted_at IS NOT NULL OR job_id IN (SELECT id FROM publish_jobs WHERE status = 'failed'))`,
  ).run(now);
}

/** The scheduled moments as the content schedule keeps them (server/admin/content/schedule.ts), bound to the server's connection. */
export interface MomentTable {
  replace(items: readonly { type: string; item: string }[], named: readonly ScheduledMoment[], added?: readonly ScheduledMoment[]): void;
  due(now: string): ScheduledMoment[];
  next(): string | null;
  claim(moments: readonly ScheduledMoment[], at: string): void;
  release(moments: readonly ScheduledMoment[], at: string): void;
  markStarted(moments: readonly ScheduledMoment[], at: string, jobId: number): void;
  waiting(): ScheduledMoment[];
  requeueInterrupted(now: string): ScheduledMoment[];
  alerts(): ScheduleAlert[];
  closeAlerts(now: string): void;
}

export function momentTable(db: Db): MomentTable {
  return {
    replace: (items, named, added) => replaceScheduledMoments(db, items, named, added),
    due: (now) => dueMoments(db, now),
    next: () => nextMoment(db),
    claim: (moments, at) => claimMoments(db, moments, at),
    release: (moments, at) => releaseMoments(db, moments, at),
    markStarted: (moments, at, jobId) => markMomentsStarted(db, moments, at, jobId),
    waiting: () => waitingMoments(db),
    requeueInterrupted: (now) => requeueInterruptedMoments(db, now),
    alerts: () => scheduleAlerts(db),
    closeAlerts: (now) => closeScheduleAlerts(db, now),
  };
}
