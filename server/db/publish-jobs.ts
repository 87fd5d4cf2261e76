/**
 * The content editor's publishes and previews as they go (table `publish_jobs`, migration 51), so a
 * server that stops during one (a deploy, a crash, `kill -9`) finds it at the next start, marks it
 * interrupted and the publish page offers to run it again, instead of the publish vanishing.
 */
import type { Db } from "./database";
import { holderAlive } from "./leases";

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

/** The lease a job's instance holds while the job is queued or runs (server/admin/content/publisher.ts), in the table `leases`. */
export const publishJobLease = (id: number) => `publish-job:${id}`;

/**
 * Marks the jobs an earlier server left unfinished (queued, building or switching) interrupted,
 * as of `now`, and returns their ids with the newest `limit` jobs, oldest first. A job whose lease
 * another server still holds (`alive`: another instance on one PostgreSQL database, running it
 * now) is left as it is, and returned in `elsewhere`.
 */
function earlierPublishJobs(
  db: Db,
  now: Date,
  limit: number,
  alive: (holder: string) => boolean,
): { jobs: PublishJobRecord[]; interrupted: number[]; elsewhere: number[] } {
  const at = now.toISOString();
  const { interrupted, elsewhere } = db
    .transaction(() => {
      const unfinished = db
        .prepare(
          `SELECT publish_jobs.id, leases.holder, leases.until FROM publish_jobs
           LEFT JOIN leases ON leases.name = 'publish-job:' || publish_jobs.id
           WHERE publish_jobs.status IN ('queued', 'building', 'switching') ORDER BY publish_jobs.id`,
        )
        .all() as { id: number; holder: string | null; until: string | null }[];
      const running = (row: (typeof unfinished)[number]) => row.holder !== null && row.until !== null && row.until > at && alive(row.holder);
      const mark = db.prepare("UPDATE publish_jobs SET status = 'interrupted', finished_at = ? WHERE id = ?");
      for (const row of unfinished) if (!running(row)) mark.run(at, row.id);
      return { interrupted: unfinished.filter((row) => !running(row)).map((row) => row.id), elsewhere: unfinished.filter(running).map((row) => row.id) };
    })
    .immediate();
  const rows = db.prepare("SELECT * FROM publish_jobs ORDER BY id DESC LIMIT ?").all(limit) as Row[];
  return { jobs: rows.reverse().map(record), interrupted, elsewhere };
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
    earlier: (at: Date, limit: number) => earlierPublishJobs(db, at, limit, holderAlive),
    add: (job: Omit<PublishJobRecord, "id">) => addPublishJob(db, job),
    update: (job: PublishJobRecord) => updatePublishJob(db, job),
  };
}
