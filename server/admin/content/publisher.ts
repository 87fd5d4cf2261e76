/**
 * Publishing: the site is rebuilt from the content folder in the background, into a new folder,
 * by `pipeline/publish-build.ts` (a child process, at low CPU priority); when the build succeeds
 * the server switches to it in one step (`app.switchBuild`), so visitors get the old build until
 * then and the new one after, never a mix; a failed build changes nothing live and keeps its
 * error for the staff to see. One build at a time: a publish asked for while one runs is queued,
 * and publishes asked for while one is queued join it (the queued build takes every save made
 * before it starts). The live build's folder is recorded in `<builds>/current` (a symlink
 * replaced atomically), so a restarted server serves the last published build.
 *
 * A publish asked for after a preview, with the content as the preview read it (same digest of
 * the content folder when its build started and when it ended), puts that preview online instead
 * of building again: what goes live is what the staff looked at, at once.
 *
 * The build is told the moment it builds for (`CONTENT_AS_OF`, from this publisher's clock): an
 * item scheduled later is left out (content/index.ts), and a publish at that moment puts it in
 * (./schedule.ts asks for one).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, symlink } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import type { PublishJobRecord } from "../../db/publish-jobs";
import { projectDir } from "../../project";

/**
 * Where publishes build: inside the project, because React Router's prerender imports the server
 * bundle from the build folder and its packages must resolve from there (a folder elsewhere, such
 * as /tmp, fails with ERR_MODULE_NOT_FOUND). The name matches `build-*` in .gitignore, which also
 * keeps Tailwind from scanning it.
 */
export const defaultPublishDir = join(projectDir, "build-published");

/** A page of a preview that differs from the live site's: its path and its title as the page has it. */
export interface ChangedPage {
  path: string;
  title: string;
}

/** A content file that differs between the live site and a preview: its path and both values (null: absent, or unreadable). */
export interface ContentFileChange {
  file: string;
  before: unknown;
  after: unknown;
}

/** Who asks for a publish made by the schedule rather than a person (the publish page names it in words). */
export const scheduleRequester = "@schedule";

/** `interrupted`: the server stopped before the job ended (it is not run again by itself). */
export type PublishStatus = "queued" | "building" | "switching" | "done" | "failed" | "interrupted";

/** One publish, as the publish page shows it. */
export interface PublishJob {
  id: number;
  requestedBy: string[];
  requestedAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  status: PublishStatus;
  /** The steps finished so far (`fonts (unchanged, skipped)`, `pages (41230 ms)`…). */
  steps: string[];
  /** The end of the build's output when it failed. */
  error: string | null;
  /** A preview: built but not put live; when done, its folder, the pages that differ from the live site's and the content files that do. */
  preview: { dir: string; changed: ChangedPage[]; changes: ContentFileChange[] | null } | null;
  /** A preview's: a digest of the content folder its build read (the same when it started and ended), or null if it changed meanwhile. */
  content: string | null;
  /** A publish that put a preview online instead of building: that preview's job. */
  fromPreview: PublishJob | null;
}

export interface PublisherOptions {
  contentDir: string;
  /** Where builds are made and kept (the last two), and `current` points. */
  buildsDir: string;
  /** Switches the server to a build folder (throws, changing nothing, if it cannot). */
  switchTo: (buildDir: string) => Promise<void>;
  /** The environment of the build (SITE_URL, SNIPCART_PUBLIC_KEY…). */
  env: NodeJS.ProcessEnv;
  /** The build served now: the new one reuses its compressed files where a file did not change. */
  servedBuild?: () => string;
  /** The command that builds, for tests: default `tsx pipeline/publish-build.ts` in the project. */
  command?: { file: string; args: string[] };
  now?: () => Date;
  /** Told when a publish ends (the audit log). */
  onFinished?: (job: PublishJob) => void;
  /** Where jobs are recorded as they go (the database), so a restart knows of one it cut short. */
  journal?: PublishJournal;
}

/** The publisher's record of its jobs, kept across restarts (server/db/publish-jobs.ts). */
interface PublishJournal {
  /** The newest earlier jobs, oldest first, and those left unfinished, now marked interrupted as of `now`. */
  earlier(now: Date, limit: number): { jobs: PublishJobRecord[]; interrupted: number[] };
  /** Records a new job; returns its id. */
  add(job: Omit<PublishJobRecord, "id">): number;
  update(job: PublishJobRecord): void;
}

export class Publisher {
  private readonly jobs: PublishJob[] = [];
  private running: Promise<void> | null = null;
  private nextId = 1;
  private readonly now: () => Date;
  /** The build running now, stopped with the server. */
  private child: ChildProcess | null = null;
  private stopping = false;
  /** The jobs an earlier server left unfinished, found at this start (the log says so). */
  readonly interruptedAtStart: readonly number[];

  constructor(private readonly options: PublisherOptions) {
    this.now = options.now ?? (() => new Date());
    // The jobs of the server's earlier runs: one it cut short is shown as interrupted, to run again.
    const earlier = options.journal?.earlier(this.now(), 10) ?? { jobs: [], interrupted: [] };
    this.jobs.push(...earlier.jobs.map(jobOf));
    this.interruptedAtStart = earlier.interrupted;
    this.nextId = Math.max(0, ...this.jobs.map((job) => job.id)) + 1;
  }

  /**
   * Writes where a job stands. A record that cannot be written (another process holds the
   * database's lock) is skipped: the publish itself goes on.
   */
  private record(job: PublishJob): void {
    try {
      this.options.journal?.update(recordOf(job));
    } catch {
      // The next change of the job writes it again.
    }
  }

  /**
   * The server is stopping: the build running now is stopped, and it and the jobs waiting are
   * recorded as interrupted (the publish page offers to run them again after the restart).
   */
  stop(): void {
    this.stopping = true;
    for (const job of this.jobs) {
      if (job.status !== "queued" && job.status !== "building" && job.status !== "switching") continue;
      job.status = "interrupted";
      job.finishedAt = this.now();
      this.record(job);
    }
    this.child?.kill("SIGTERM");
  }

  /** The newest jobs first (at most ten). */
  recent(): readonly PublishJob[] {
    return [...this.jobs].reverse().slice(0, 10);
  }

  job(id: number): PublishJob | undefined {
    return this.jobs.find((job) => job.id === id);
  }

  /**
   * Asks for a publish (or, with `preview`, a build that is not put live): joins the queued one
   * of the same kind if there is one, else queues a new one.
   */
  request(by: string, { preview = false }: { preview?: boolean } = {}): PublishJob {
    let job = this.jobs.find((candidate) => candidate.status === "queued" && (candidate.preview !== null) === preview);
    if (job) {
      if (!job.requestedBy.includes(by)) job.requestedBy.push(by);
      this.record(job);
    } else {
      job = {
        id: 0,
        requestedBy: [by],
        requestedAt: this.now(),
        startedAt: null,
        finishedAt: null,
        status: "queued",
        steps: [],
        error: null,
        preview: preview ? { dir: "", changed: [], changes: null } : null,
        content: null,
        fromPreview: null,
      };
      job.id = this.addRecord(job) ?? this.nextId;
      this.nextId = Math.max(this.nextId, job.id) + 1;
      this.jobs.push(job);
      if (this.jobs.length > 20) this.jobs.splice(0, this.jobs.length - 20);
    }
    this.running ??= this.drain().finally(() => (this.running = null));
    return job;
  }

  /** The journal's id for a new job (unique across restarts), or null without one. */
  private addRecord(job: PublishJob): number | null {
    if (!this.options.journal) return null;
    try {
      const { id: _id, ...record } = recordOf(job);
      return this.options.journal.add(record);
    } catch {
      return null;
    }
  }

  /** Resolves when no publish is queued or running. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    for (let job = this.nextQueued(); job && !this.stopping; job = this.nextQueued()) await this.publish(job);
  }

  private nextQueued(): PublishJob | undefined {
    return this.jobs.find((job) => job.status === "queued");
  }

  private async publish(job: PublishJob): Promise<void> {
    job.status = "building";
    job.startedAt = this.now();
    this.record(job);
    const { buildsDir, contentDir } = this.options;
    await mkdir(buildsDir, { recursive: true });
    const content = await contentDigest(contentDir);
    const reused = job.preview ? undefined : this.previewWith(content);
    const dir = reused?.preview?.dir ?? join(buildsDir, `build-${job.startedAt.toISOString().replace(/[:.]/g, "-")}-${job.id}`);
    try {
      if (reused) job.fromPreview = reused;
      else {
        await this.build(job, dir);
        // Only a preview is looked for by its content afterwards (previewWith).
        if (job.preview) job.content = content === (await contentDigest(contentDir)) ? content : null;
      }
      if (job.preview) {
        const served = this.options.servedBuild?.() ?? null;
        job.preview = { dir, changed: await changedPages(dir, served), changes: await contentChanges(dir, served) };
        job.status = "done";
        job.finishedAt = this.now();
        this.record(job);
        return;
      }
      job.status = "switching";
      this.record(job);
      await this.options.switchTo(dir);
      // Recorded for a restart: a new link renamed over the old one.
      const link = join(buildsDir, "current");
      await rm(`${link}.next`, { force: true });
      await symlink(relative(buildsDir, dir), `${link}.next`);
      await rename(`${link}.next`, link);
      job.status = "done";
      await this.prune(basename(dir));
    } catch (error) {
      // A build stopped with the server was recorded as interrupted by stop().
      if (this.stopping) return;
      job.status = "failed";
      job.error ??= (error as Error).message;
      // A preview put online stays a preview when that fails.
      if (!reused) await rm(dir, { recursive: true, force: true });
    }
    job.finishedAt = this.now();
    this.record(job);
    this.options.onFinished?.(job);
  }

  /**
   * The newest preview built from `content` and still on disk, if any, made this year (the footer's
   * year is the one thing a build takes from the clock).
   */
  private previewWith(content: string | null): PublishJob | undefined {
    if (content === null) return undefined;
    const year = this.now().getFullYear();
    return [...this.jobs]
      .reverse()
      .find(
        (job) =>
          job.preview?.dir &&
          job.status === "done" &&
          job.content === content &&
          job.startedAt?.getFullYear() === year &&
          existsSync(join(job.preview.dir, "build-info.json")),
      );
  }

  /** Runs the build into `dir`, reading its progress lines; rejects with the end of its output on failure. */
  private build(job: PublishJob, dir: string): Promise<void> {
    const command = this.options.command ?? { file: join(projectDir, "node_modules", ".bin", "tsx"), args: ["pipeline/publish-build.ts"] };
    return new Promise((done, fail) => {
      // Low priority: visitors' requests come first on a small server.
      const child = spawn("nice", ["-n", "10", command.file, ...command.args], {
        cwd: projectDir,
        env: {
          ...this.options.env,
          CONTENT_DIR: this.options.contentDir,
          CONTENT_AS_OF: this.now().toISOString(),
          BUILD_DIR: dir,
          NODE_ENV: "production",
          FORCE_COLOR: "0",
          ...(this.options.servedBuild ? { PREVIOUS_BUILD_DIR: this.options.servedBuild() } : {}),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      this.child = child;
      const tail: string[] = [];
      const read = (chunk: Buffer) => {
        for (const line of chunk.toString("utf8").split("\n")) {
          if (line.trim() === "") continue;
          const progress = /^publish-step: (.+)$/.exec(line.trim());
          if (progress) job.steps.push(progress[1]!);
          tail.push(line);
          if (tail.length > 40) tail.shift();
        }
      };
      child.stdout.on("data", read);
      child.stderr.on("data", read);
      child.on("error", fail);
      child.on("close", (code) => {
        if (this.child === child) this.child = null;
        if (code === 0 && existsSync(join(dir, "build-info.json"))) return done();
        job.error = tail.join("\n");
        fail(new Error(`the build stopped (exit ${code})`));
      });
    });
  }

  /** Keeps the live build and the one before it; removes older ones. */
  private async prune(live: string): Promise<void> {
    const entries = await readdir(this.options.buildsDir, { withFileTypes: true });
    // Previews (kept while their job is listed) are not builds to prune.
    const previews = new Set(this.jobs.flatMap((job) => (job.preview?.dir ? [job.preview.dir] : [])));
    const builds = entries
      .filter(
        (entry) => entry.isDirectory() && entry.name.startsWith("build-") && entry.name !== live && !previews.has(join(this.options.buildsDir, entry.name)),
      )
      .map((entry) => entry.name)
      .sort();
    for (const old of builds.slice(0, -1)) await rm(join(this.options.buildsDir, old), { recursive: true, force: true });
  }
}

/**
 * A digest of every file of the content folder (its git history left out), or null if it cannot be
 * read: the content a build reads.
 */
async function contentDigest(dir: string): Promise<string | null> {
  try {
    const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
      .filter((file) => !file.split("/").includes(".git"))
      .sort();
    const hash = createHash("sha256");
    for (const file of files) {
      const bytes = await readFile(join(dir, file));
      hash.update(`${file}\0${bytes.length}\0`).update(bytes);
    }
    return hash.digest("hex");
  } catch {
    return null;
  }
}

/** Every page file of a build's client folder, as URL paths of their folder (`/ja/news`), or `/` for the home page. */
async function pagesOf(clientDir: string, prefix = ""): Promise<string[]> {
  const entries = await readdir(join(clientDir, prefix), { withFileTypes: true }).catch(() => []);
  const pages: string[] = [];
  for (const entry of entries) {
    if (entry.isDirectory()) pages.push(...(await pagesOf(clientDir, `${prefix}/${entry.name}`)));
    else if (entry.name === "index.html") pages.push(prefix === "" ? "/" : prefix);
  }
  return pages;
}

/** The text of a page's `<title>`, its character references decoded. */
function pageTitle(html: string): string {
  const raw = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? "";
  return raw
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&(quot|lt|gt|nbsp|amp);/g, (_, name: string) => ({ quot: '"', lt: "<", gt: ">", nbsp: "\u00a0", amp: "&" })[name] ?? "")
    .trim();
}

/** The pages of a new build whose HTML differs from (or is missing in) the served build, sorted by path, with their titles. */
async function changedPages(dir: string, served: string | null): Promise<ChangedPage[]> {
  const file = (root: string, page: string) => join(root, "client", page === "/" ? "" : page, "index.html");
  const changed: ChangedPage[] = [];
  for (const page of await pagesOf(join(dir, "client"))) {
    const next = await readFile(file(dir, page));
    const live = served ? await readFile(file(served, page)).catch(() => null) : null;
    if (!live || !live.equals(next)) changed.push({ path: page, title: pageTitle(next.toString("utf8")) });
  }
  return changed.sort((a, b) => a.path.localeCompare(b.path));
}

/** The content a build was made from (its renderer's snapshot, pipeline/renderer.ts), or null. */
async function contentSnapshotOf(build: string | null): Promise<Record<string, string> | null> {
  if (!build) return null;
  return readFile(join(build, "renderer", "content.json"), "utf8")
    .then((text) => JSON.parse(text) as Record<string, string>)
    .catch(() => null);
}

/** The content files that differ between the served build and a new one, or null when either kept no snapshot. */
async function contentChanges(dir: string, served: string | null): Promise<ContentFileChange[] | null> {
  const [before, after] = await Promise.all([contentSnapshotOf(served), contentSnapshotOf(dir)]);
  if (!before || !after) return null;
  const parse = (text: string | undefined) => {
    if (text === undefined) return null;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  };
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((file) => before[file] !== after[file])
    .sort()
    .map((file) => ({ file, before: parse(before[file]), after: parse(after[file]) }));
}

/** A job as the journal keeps it. */
function recordOf(job: PublishJob): PublishJobRecord {
  return {
    id: job.id,
    kind: job.preview ? "preview" : "publish",
    requestedBy: job.requestedBy,
    requestedAt: job.requestedAt.toISOString(),
    startedAt: job.startedAt?.toISOString() ?? null,
    finishedAt: job.finishedAt?.toISOString() ?? null,
    status: job.status,
    steps: job.steps,
    error: job.error,
  };
}

/** An earlier server's job, for the page: a preview of then has no pages to show (its folder is not this server's). */
function jobOf(record: PublishJobRecord): PublishJob {
  const date = (iso: string | null) => (iso === null ? null : new Date(iso));
  return {
    id: record.id,
    requestedBy: record.requestedBy,
    requestedAt: new Date(record.requestedAt),
    startedAt: date(record.startedAt),
    finishedAt: date(record.finishedAt),
    status: record.status,
    steps: record.steps,
    error: record.error,
    preview: record.kind === "preview" ? { dir: "", changed: [], changes: null } : null,
    content: null,
    fromPreview: null,
  };
}
