/**
 * The content editor's publishes and previews as they go (table `publish_jobs`, migration 51), so a
 * server that stops during one (a deploy, a crash, `kill -9`) finds it at the next start, marks it
 * interrupted and the publish page offers to run it again, instead of the publish vanishing. The
 * publish page and a preview's pages read them here, so every instance on one PostgreSQL database
 * shows the publishes and serves the previews of all (server/admin/content/publisher.ts).
 */
import type { Db } from "./database";
import { holderAlive } from "./leases";

/** A page of a preview that differs from the live site's: its path and its title. */
export interface PreviewPage {
  path: string;
  title: string;
}

/** A content file that differs between the live site and a preview: its path and both values (null: absent). */
export interface PreviewContentChange {
  file: string;
  before: unknown;
  after: unknown;
}

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
  /**
   * Migration 107: the build's folder by its name in the publish folder (`build-…`), once the
   * build starts (a publish that put a preview online: the preview's); the content's git tree it
   * builds, once composed; a preview's changed pages and content files, once built; and the
   * preview a publish put online instead of building (its id; read: with when it was asked for).
   */
  buildDir: string | null;
  contentTree: string | null;
  changedPages: PreviewPage[] | null;
  contentChanges: PreviewContentChange[] | null;
  fromPreview: { id: number; requestedAt: string | null } | null;
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
  build_dir: string | null;
  content_tree: string | null;
  changed_pages: string | null;
  content_changes: string | null;
  from_preview: number | null;
  from_preview_at: string | null;
}

/** A JSON array column, or null when it holds none. */
function arrayIn<T>(text: string | null): T[] | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as T[]) : null;
  } catch {
    return null;
  }
}

const record = (row: Row): PublishJobRecord => ({
  id: Number(row.id),
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
  buildDir: row.build_dir,
  contentTree: row.content_tree,
  changedPages: arrayIn<PreviewPage>(row.changed_pages),
  contentChanges: arrayIn<PreviewContentChange>(row.content_changes),
  fromPreview: row.from_preview === null ? null : { id: Number(row.from_preview), requestedAt: row.from_preview_at },
});

/** The jobs' rows, each with when the preview it put online was asked for. */
const selectJobs = `SELECT j.*, p.requested_at AS from_preview_at FROM publish_jobs j LEFT JOIN publish_jobs p ON p.id = j.from_preview`;

/** The lease a job's instance holds while the job is queued or runs (server/admin/content/publisher.ts), in the table `leases`. */
export const publishJobLease = (id: number) => `publish-job:${id}`;

/**
 * Marks the jobs an earlier server left unfinished (queued, building or switching) interrupted,
 * as of `now`, and returns their ids. A job whose lease another server still holds (`alive`:
 * another instance on one PostgreSQL database, running it now) is left as it is, and returned in
 * `elsewhere`.
 */
function interruptEarlierPublishJobs(db: Db, now: Date, alive: (holder: string) => boolean): { interrupted: number[]; elsewhere: number[] } {
  const at = now.toISOString();
  return db
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
}

/** The newest `limit` jobs of every instance, newest first. */
function recentPublishJobs(db: Db, limit: number): PublishJobRecord[] {
  return (db.prepare(`${selectJobs} ORDER BY j.id DESC LIMIT ?`).all(limit) as Row[]).map(record);
}

function publishJobById(db: Db, id: number): PublishJobRecord | undefined {
  const row = db.prepare(`${selectJobs} WHERE j.id = ?`).get(id) as Row | undefined;
  return row && record(row);
}

/** The jobs queued or running now, on any instance (or left so by one that stopped, until the next start marks them). */
function unfinishedPublishJobs(db: Db): PublishJobRecord[] {
  return (db.prepare(`${selectJobs} WHERE j.status IN ('queued', 'building', 'switching') ORDER BY j.id`).all() as Row[]).map(record);
}

/** The columns a job's record writes, in the order of the statements below. */
const written = (job: Omit<PublishJobRecord, "id">) => [
  JSON.stringify(job.requestedBy),
  job.startedAt,
  job.finishedAt,
  job.status,
  JSON.stringify(job.steps),
  job.error,
  JSON.stringify(job.items),
  job.buildDir,
  job.contentTree,
  job.changedPages === null ? null : JSON.stringify(job.changedPages),
  job.contentChanges === null ? null : JSON.stringify(job.contentChanges),
  job.fromPreview?.id ?? null,
];

/** Records a new job; returns its id. */
function addPublishJob(db: Db, job: Omit<PublishJobRecord, "id">): number {
  const row = db
    .prepare(
      `INSERT INTO publish_jobs (kind, requested_at, as_of, requested_by, started_at, finished_at, status, steps, error, items,
         build_dir, content_tree, changed_pages, content_changes, from_preview)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(job.kind, job.requestedAt, job.asOf, ...written(job)) as { id: number };
  return Number(row.id);
}

/** Records where a job stands now. */
function updatePublishJob(db: Db, job: PublishJobRecord): void {
  db.prepare(
    `UPDATE publish_jobs SET requested_by = ?, started_at = ?, finished_at = ?, status = ?, steps = ?, error = ?, items = ?,
       build_dir = ?, content_tree = ?, changed_pages = ?, content_changes = ?, from_preview = ? WHERE id = ?`,
  ).run(...written(job), job.id);
  // The newest hundred are plenty for the page (it shows ten).
  db.prepare("DELETE FROM publish_jobs WHERE id <= ? - 100").run(job.id);
}

/** The publisher's record of its jobs (server/admin/content/publisher.ts `PublishJournal`), bound to the server's connection. */
export function publishJobTable(db: Db) {
  return {
    interruptEarlier: (at: Date) => interruptEarlierPublishJobs(db, at, holderAlive),
    recent: (limit: number) => recentPublishJobs(db, limit),
    byId: (id: number) => publishJobById(db, id),
    unfinished: () => unfinishedPublishJobs(db),
    add: (job: Omit<PublishJobRecord, "id">) => addPublishJob(db, job),
    update: (job: PublishJobRecord) => updatePublishJob(db, job),
  };
}
