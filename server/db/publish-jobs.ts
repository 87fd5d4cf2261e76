/**
 * The content editor's publishes and previews as they go (table `publish_jobs`, migration 51), so a
 * server that stops during one (a deploy, a crash, `kill -9`) finds it at the next start, marks it
 * interrupted and the publish page offers to run it again, instead of the publish vanishing.
 */
import type { Db } from "./database";

/** A job's row as the publisher reads and writes it. */
export interface PublishJobRecord {
  id: number;
  kind: "publish" | "preview";
  requestedBy: string[];
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  status: "queued" | "building" | "switching" | "done" | "failed" | "interrupted";
  steps: string[];
  error: string | null;
  /** The items it publishes (`news/harvest-2026`), and the moment a preview is built for (migration 100). */
  items: string[];
  asOf: string | null;
}

interface Row {
  id: number;
  kind: "publish" | "preview";
  requested_by: string;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
  status: PublishJobRecord["status"];
  steps: string;
  error: string | null;
  items: string;
  as_of: string | null;
}

const record = (row: Row): PublishJobRecord => ({
  id: row.id,
  kind: row.kind,
  requestedBy: JSON.parse(row.requested_by) as string[],
  requestedAt: row.requested_at,
  startedAt: row.started_at,
  finishedAt: row.finished_at,
  status: row.status,
  steps: JSON.parse(row.steps) as string[],
  error: row.error,
  items: JSON.parse(row.items) as string[],
  asOf: row.as_of,
});

/**
 * Marks the jobs an earlier server left unfinished (queued, building or switching) interrupted,
 * as of `now`, and returns their ids with the newest `limit` jobs, oldest first.
 */
function earlierPublishJobs(db: Db, now: Date, limit: number): { jobs: PublishJobRecord[]; interrupted: number[] } {
  const interrupted = (
    db
      .prepare("UPDATE publish_jobs SET status = 'interrupted', finished_at = ? WHERE status IN ('queued', 'building', 'switching') RETURNING id")
      .all(now.toISOString()) as { id: number }[]
  ).map((row) => row.id);
  const rows = db.prepare("SELECT * FROM publish_jobs ORDER BY id DESC LIMIT ?").all(limit) as Row[];
  return { jobs: rows.reverse().map(record), interrupted };
}

/** Records a new job; returns its id. */
function addPublishJob(db: Db, job: Omit<PublishJobRecord, "id">): number {
  const row = db
    .prepare(
      "INSERT INTO publish_jobs (kind, requested_by, requested_at, started_at, finished_at, status, steps, error, items, as_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
    )
    .get(
      job.kind,
      JSON.stringify(job.requestedBy),
      job.requestedAt,
      job.startedAt,
      job.finishedAt,
      job.status,
      JSON.stringify(job.steps),
      job.error,
      JSON.stringify(job.items),
      job.asOf,
    ) as { id: number };
  return row.id;
}

/** Records where a job stands now. */
function updatePublishJob(db: Db, job: PublishJobRecord): void {
  db.prepare("UPDATE publish_jobs SET requested_by = ?, started_at = ?, finished_at = ?, status = ?, steps = ?, error = ?, items = ? WHERE id = ?").run(
    JSON.stringify(job.requestedBy),
    job.startedAt,
    job.finishedAt,
    job.status,
    JSON.stringify(job.steps),
    job.error,
    JSON.stringify(job.items),
    job.id,
  );
  // The newest hundred are plenty for the page (it shows ten).
  db.prepare("DELETE FROM publish_jobs WHERE id <= ? - 100").run(job.id);
}

/** The publisher's record of its jobs (server/admin/content/publisher.ts `PublishJournal`), bound to the server's connection. */
export function publishJobTable(db: Db) {
  return {
    earlier: (at: Date, limit: number) => earlierPublishJobs(db, at, limit),
    add: (job: Omit<PublishJobRecord, "id">) => addPublishJob(db, job),
    update: (job: PublishJobRecord) => updatePublishJob(db, job),
  };
}
