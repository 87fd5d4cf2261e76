/**
 * Publishing: the items chosen, and only them, go from their drafts into the published content (a
 * commit on `refs/content/published`, ./published.ts), and the site is rebuilt from a checkout of
 * that commit in the background, into a new folder, by `pipeline/publish-build.ts` (a child
 * process, at low CPU priority). When the build succeeds the ref is put on the commit and the
 * server switches to the build in one step (`app.switchBuild`), so visitors get the old build
 * until then and the new one after, never a mix; a failed build changes nothing live (the ref
 * included) and keeps its error for the staff to see. One build at a time: a publish asked for
 * while one runs is queued, and publishes asked for while one is queued join it (the queued build
 * takes the items of each). The live build's folder is recorded in `<builds>/current` (a symlink
 * replaced atomically), so a restarted server serves the last published build, and each build
 * records the content it was made from (`published-content.json`), which the server's content
 * store reads once it serves it (`onFinished`): what the server says is what it built.
 *
 * A preview builds the same way without publishing: the live site's content with the chosen
 * items' drafts, for the moment they go online when that is later (a scheduled item's page as it
 * will look). A publish of the same items asked for after it, on the same content (the same git
 * tree), puts that preview online instead of building again: what goes live is what the staff
 * looked at, at once.
 *
 * The build is told the moment it builds for (`CONTENT_AS_OF`, from this publisher's clock): an
 * item scheduled later is left out (content/index.ts), and a publish at that moment, of that item
 * (./schedule.ts asks for it), puts it in.
 *
 * Every job is recorded in the database as it goes (server/db/publish-jobs.ts: its status, each
 * step, its build's folder, a preview's pages), and the publish page and a preview's pages read
 * the records: instances on one PostgreSQL database that share the publish folder each show the
 * publishes of all, and serve the previews another built. Each runs only the jobs asked of it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, symlink } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import type { PreviewContentChange, PreviewPage, PublishJobRecord } from "../../db/publish-jobs";
import { projectDir } from "../../project";
import { itemFile, itemFiles, itemOfKey, publishedValue } from "./items";
import { itemTitle } from "./labels";
import { builtFrom, recordBuiltFrom, type ContentCommit, type PublishedContent } from "./published";
import type { ContentRepository } from "./repository";

/**
 * Where publishes build: inside the project, because React Router's prerender imports the server
 * bundle from the build folder and its packages must resolve from there (a folder elsewhere, such
 * as /tmp, fails with ERR_MODULE_NOT_FOUND). The name matches `build-*` in .gitignore, which also
 * keeps Tailwind from scanning it.
 */
export const defaultPublishDir = join(projectDir, "build-published");

/** A page of a preview that differs from the live site's: its path and its title as the page has it. */
export type ChangedPage = PreviewPage;

/** A content file that differs between the live site and a preview: its path and both values (null: absent, or unreadable). */
export type ContentFileChange = PreviewContentChange;

/** Who asks for a publish made by the schedule rather than a person (the publish page names it in words). */
export const scheduleRequester = "@schedule";

/** Who asks for the published content to be built again at start, when the build served was not made from it (a deploy's new code). */
export const startRequester = "@start";

/** `interrupted`: the server stopped before the job ended (a person runs it again from the publish page; the schedule's run again at start). */
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
  /** The items it puts online (`news/harvest-2026`, ./items.ts); none: the published content built again. */
  items: string[];
  /** A preview of items that go online later: the moment it is built for (ISO 8601); null: now. */
  asOf: string | null;
  /** A preview: built but not put live; when done, its folder, the pages that differ from the live site's and the content files that do. */
  preview: { dir: string; changed: ChangedPage[]; changes: ContentFileChange[] | null } | null;
  /** The folder it builds into (in the publish folder), once it starts; a publish that put a preview online: the preview's. */
  build: string | null;
  /** The git tree of the content it builds, once composed. */
  tree: string | null;
  /** The content it was built from (a commit of ./published.ts) and its checkout, once composed (a job of this instance's). */
  content: (ContentCommit & { dir: string }) | null;
  /** A publish that put a preview online instead of building: that preview's job, and when it was asked for. */
  fromPreview: { id: number; requestedAt: Date } | null;
  /** The build whose kept bundle a quick build renders with, instead of the one served (a deploy's new build, at start). */
  baseBuild?: string;
}

export interface PublisherOptions {
  /** The drafts: the editor's folder. */
  repository: ContentRepository;
  /** The published content, and where its checkouts are made. */
  published: PublishedContent;
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
  /** Told when a publish ends (the audit log, the content store). */
  onFinished?: (job: PublishJob) => void;
  /** Where jobs are recorded as they go (the database): the publish page reads them, and a restart knows of one it cut short. */
  journal?: PublishJournal;
  /**
   * Whose turn it is to publish, between instances on one PostgreSQL database that share the
   * content and publish folders (server/db/leases.ts): a publish waits, queued, while another
   * instance's runs, and is then composed on top of what that one put online. Renewed while it
   * runs, given back when it ends.
   */
  turn?: { take(): boolean; giveBack(): void };
  /**
   * A job's own lease (`publish-job:<id>`), held by this instance from the job's request to its
   * end and renewed meanwhile: an instance that starts on the same database leaves a job whose
   * lease is held alone, where it marks one cut short interrupted (server/db/publish-jobs.ts).
   */
  jobTurn?: (id: number) => { take(): boolean; giveBack(): void };
}

/** How often a publish waiting for another instance's looks again, and how often a running one renews its turn (within the lease's time). */
const publishTurnLookMs = 1_000;
export const publishTurnRenewMs = 15_000;

/** The record of every instance's jobs, kept across restarts (server/db/publish-jobs.ts). */
interface PublishJournal {
  /**
   * Marks the jobs left unfinished interrupted as of `now`, and returns their ids; leaves those
   * another instance runs now (their leases held: `jobTurn`) as they are.
   */
  interruptEarlier(now: Date): { interrupted: number[] };
  /** The newest `limit` jobs, newest first. */
  recent(limit: number): PublishJobRecord[];
  byId(id: number): PublishJobRecord | undefined;
  /** The jobs queued or running, on any instance. */
  unfinished(): PublishJobRecord[];
  /** Records a new job; returns its id. */
  add(job: Omit<PublishJobRecord, "id">): number;
  update(job: PublishJobRecord): void;
}

/** A job that has not ended. */
const unfinished = (job: PublishJob) => job.status === "queued" || job.status === "building" || job.status === "switching";

/** How many jobs the publish page lists; and how many newest jobs keep their previews from the clean-up (a publish may put one online). */
const listedJobs = 10;
const keptPreviewJobs = 20;

/** A requester as a commit's author: a person's address, or the server's name for the schedule and the start. */
const authorOf = (job: PublishJob) => ({ email: job.requestedBy.find((who) => !who.startsWith("@")) ?? "server@content.invalid" });

const sameItems = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

export class Publisher {
  /** The jobs asked of this instance (the newest twenty), which it runs: the others' are read from the journal. */
  private readonly jobs: PublishJob[] = [];
  private running: Promise<void> | null = null;
  private nextId = 1;
  private readonly now: () => Date;
  /** The build running now, stopped with the server. */
  private child: ChildProcess | null = null;
  private stopping = false;
  /** The jobs an earlier server left unfinished, found at this start (the log says so). */
  readonly interruptedAtStart: readonly number[];
  /** The leases of this instance's unfinished jobs, and the timer that renews them. */
  private readonly owned = new Map<number, { take(): boolean; giveBack(): void }>();
  private renewal: NodeJS.Timeout | null = null;

  constructor(private readonly options: PublisherOptions) {
    this.now = options.now ?? (() => new Date());
    // The jobs of the server's earlier runs: one it cut short is shown as interrupted, to run again.
    this.interruptedAtStart = options.journal?.interruptEarlier(this.now()).interrupted ?? [];
    // Ids past the journal's, for a job it cannot record.
    this.nextId = (this.read((journal) => journal.recent(1)[0]?.id) ?? 0) + 1;
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
      if (!unfinished(job)) continue;
      job.status = "interrupted";
      job.finishedAt = this.now();
      this.record(job);
    }
    for (const id of [...this.owned.keys()]) this.release(id);
    // The turn to publish goes back now, while the database is open: the build ends after the
    // connection closes, and a turn left behind would keep the next server (or the other machine)
    // from publishing until it ran out.
    try {
      this.options.turn?.giveBack();
    } catch {
      // It runs out by itself.
    }
    this.child?.kill("SIGTERM");
  }

  /**
   * The newest jobs of every instance first (at most ten), as the journal has them: this
   * instance's as it runs them (their records say the same, written at each change), another's as
   * it last recorded them. Without the journal (the database cannot answer now), this instance's.
   */
  recent(limit = listedJobs): readonly PublishJob[] {
    const records = this.read((journal) => journal.recent(limit));
    if (!records) return [...this.jobs].reverse().slice(0, limit);
    return records.map((record) => this.ours(record.id) ?? this.jobOf(record));
  }

  /** A job of any instance, by its id. */
  job(id: number): PublishJob | undefined {
    const ours = this.ours(id);
    if (ours) return ours;
    const record = this.read((journal) => journal.byId(id));
    return record ? this.jobOf(record) : undefined;
  }

  private ours(id: number): PublishJob | undefined {
    return this.jobs.find((job) => job.id === id);
  }

  /** What the journal answers, or null without one or when the database cannot answer now. */
  private read<T>(question: (journal: PublishJournal) => T): T | null {
    if (!this.options.journal) return null;
    try {
      return question(this.options.journal);
    } catch {
      return null;
    }
  }

  /** A job as the journal records it, its build's folder in the publish folder (a name that is not a build's names none). */
  private jobOf(record: PublishJobRecord): PublishJob {
    const date = (iso: string | null) => (iso === null ? null : new Date(iso));
    const build = record.buildDir !== null && /^build-[A-Za-z0-9-]+$/.test(record.buildDir) ? join(this.options.buildsDir, record.buildDir) : null;
    return {
      id: record.id,
      requestedBy: record.requestedBy,
      requestedAt: new Date(record.requestedAt),
      startedAt: date(record.startedAt),
      finishedAt: date(record.finishedAt),
      status: record.status,
      steps: record.steps,
      error: record.error,
      items: record.items,
      asOf: record.asOf,
      preview:
        record.kind === "preview"
          ? { dir: record.status === "done" && build ? build : "", changed: record.changedPages ?? [], changes: record.contentChanges }
          : null,
      build,
      tree: record.contentTree,
      content: null,
      fromPreview: record.fromPreview && { id: record.fromPreview.id, requestedAt: new Date(record.fromPreview.requestedAt ?? record.requestedAt) },
    };
  }

  /**
   * The build folders and content trees jobs still need, of every instance: those of the jobs
   * not ended (a build another instance runs now), and of the previews done among the newest
   * jobs (a publish may put one online); null when the journal cannot say (nothing is removed).
   */
  private inUse(): { builds: Set<string>; trees: Set<string> } | null {
    const records = this.read((journal) => [...journal.unfinished(), ...journal.recent(keptPreviewJobs)]);
    if (!records) return null;
    const jobs = [...records.map((record) => this.jobOf(record)), ...this.jobs].filter(
      (job) => unfinished(job) || (job.preview !== null && job.status === "done"),
    );
    return {
      builds: new Set(jobs.flatMap((job) => (job.build ? [job.build] : []))),
      trees: new Set(jobs.flatMap((job) => (job.tree ? [job.tree] : []))),
    };
  }

  /**
   * Asks for a publish of `items` (or, with `preview`, a build of them that is not put live): a
   * publish joins the queued publish if there is one (it then takes the items of both), a preview
   * the queued preview of the same items; else a new job is queued. No items: the published
   * content built again as it is (at start, after a deploy).
   */
  request(
    by: string,
    { preview = false, items = [], asOf = null, baseBuild }: { preview?: boolean; items?: readonly string[]; asOf?: string | null; baseBuild?: string } = {},
  ): PublishJob {
    let job = this.jobs.find(
      (candidate) =>
        candidate.status === "queued" &&
        (candidate.preview !== null) === preview &&
        (!preview || (sameItems(candidate.items, items) && candidate.asOf === asOf)) &&
        candidate.baseBuild === baseBuild,
    );
    if (job) {
      if (!job.requestedBy.includes(by)) job.requestedBy.push(by);
      for (const item of items) if (!job.items.includes(item)) job.items.push(item);
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
        items: [...items],
        asOf,
        preview: preview ? { dir: "", changed: [], changes: null } : null,
        build: null,
        tree: null,
        content: null,
        fromPreview: null,
        ...(baseBuild ? { baseBuild } : {}),
      };
      job.id = this.addRecord(job) ?? this.nextId;
      this.nextId = Math.max(this.nextId, job.id) + 1;
      this.own(job.id);
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
    for (let job = this.nextQueued(); job && !this.stopping; job = this.nextQueued()) {
      // A preview puts nothing online: it builds without waiting for another instance's publish.
      if (job.preview) {
        await this.publish(job);
        this.release(job.id);
        continue;
      }
      if (!(await this.ourTurn())) return;
      const renewal = setInterval(() => this.holdTurn(), publishTurnRenewMs);
      renewal.unref();
      try {
        await this.publish(job);
      } finally {
        this.release(job.id);
        clearInterval(renewal);
        try {
          this.options.turn?.giveBack();
        } catch {
          // Another instance takes it once it runs out.
        }
      }
    }
  }

  /** Takes or renews this instance's turn to publish; false while another instance has it (or the database cannot say now). */
  private holdTurn(): boolean {
    try {
      return this.options.turn?.take() ?? true;
    } catch {
      return false;
    }
  }

  /** Resolves true once it is this instance's turn to publish, false when the server stops first. */
  private async ourTurn(): Promise<boolean> {
    while (!this.stopping) {
      if (this.holdTurn()) return true;
      await new Promise((resolve) => setTimeout(resolve, publishTurnLookMs));
    }
    return false;
  }

  private nextQueued(): PublishJob | undefined {
    return this.jobs.find((job) => job.status === "queued");
  }

  /** Takes the lease of a job of this instance, renewed until it ends. */
  private own(id: number): void {
    const turn = this.options.jobTurn?.(id);
    if (!turn) return;
    this.owned.set(id, turn);
    this.renewOwned();
    this.renewal ??= setInterval(() => this.renewOwned(), publishTurnRenewMs);
    this.renewal.unref();
  }

  private renewOwned(): void {
    for (const turn of this.owned.values()) {
      try {
        turn.take();
      } catch {
        // Renewed at the next round, well before the lease runs out.
      }
    }
  }

  /** Gives back the lease of a job that ended. */
  private release(id: number): void {
    const turn = this.owned.get(id);
    if (!turn) return;
    this.owned.delete(id);
    try {
      turn.giveBack();
    } catch {
      // It runs out by itself.
    }
    if (this.owned.size === 0 && this.renewal) {
      clearInterval(this.renewal);
      this.renewal = null;
    }
  }

  /**
   * The commit a job builds: the published content with its items' drafts (their files and
   * pictures, ./items.ts), made before the build and published only after it. The ref is made
   * first when nothing was published yet (the folder, as committed, is what is live).
   */
  private async compose(job: PublishJob): Promise<{ base: ContentCommit; content: ContentCommit }> {
    const { repository, published } = this.options;
    const author = authorOf(job);
    await repository.ensureRepository(author);
    const base = await published.current();
    if (!base) throw new Error("the content folder has no published ref");
    if (job.items.length === 0) return { base, content: base };
    const files = await published.files(base.commit);
    const items = job.items.map(itemOfKey).filter((item) => item !== null);
    const paths = new Set<string>();
    const titles: string[] = [];
    for (const item of items) {
      const draft = (await repository.read(item.type, item.id))?.value;
      const before = await publishedValue(published, item, files);
      for (const path of itemFiles(item, draft, before)) paths.add(path);
      titles.push(itemTitle({ lang: "en" }, item.type, item.id, draft ?? before));
    }
    // A picture another published item still names stays, whatever this item's draft did with it.
    const chosen = new Set(items.map(itemFile));
    for (const path of [...paths]) {
      if (!path.startsWith("images/") || !files.has(path) || existsSync(join(repository.root, path))) continue;
      if (await published.namedElsewhere(base.commit, basename(path).replace(/\.\w+$/, ""), chosen)) paths.delete(path);
    }
    const message = `${job.preview ? "Preview" : "Published"}: ${titles.join("; ")}`;
    return { base, content: await published.compose(base.commit, [...paths].sort(), author, message) };
  }

  private async publish(job: PublishJob): Promise<void> {
    const { buildsDir, published } = this.options;
    job.status = "building";
    job.startedAt = this.now();
    // Its folder recorded before it is made: another instance's clean-up leaves it.
    let dir = join(buildsDir, `build-${job.startedAt.toISOString().replace(/[:.]/g, "-")}-${job.id}`);
    job.build = dir;
    this.record(job);
    let reused: PublishJob | undefined;
    try {
      await mkdir(buildsDir, { recursive: true });
      const { base, content } = await this.compose(job);
      // Its content recorded before its checkout is made, for the same reason.
      job.tree = content.tree;
      this.record(job);
      job.content = { ...content, dir: await published.checkout(content.commit) };
      reused = job.preview ? undefined : this.previewWith(content.tree);
      if (reused?.preview) {
        job.fromPreview = { id: reused.id, requestedAt: reused.requestedAt };
        dir = reused.preview.dir;
        job.build = dir;
      } else {
        await this.build(job, dir, job.content.dir);
        await recordBuiltFrom(dir, content);
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
      // Published first, then served: a server stopped between the two serves the older build at
      // its restart and builds the published content again (server/app.ts), never the reverse.
      if (content.commit !== base.commit) await published.advance(content.commit, base.commit);
      try {
        await this.options.switchTo(dir);
      } catch (error) {
        if (content.commit !== base.commit) await published.advance(base.commit, content.commit);
        throw error;
      }
      // Recorded for a restart: a new link renamed over the old one.
      const link = join(buildsDir, "current");
      await rm(`${link}.next`, { force: true });
      await symlink(relative(buildsDir, dir), `${link}.next`);
      await rename(`${link}.next`, link);
      job.status = "done";
      job.finishedAt = this.now();
      this.record(job);
      this.options.onFinished?.(job);
      // Older builds go once this one is live and recorded (a failure to remove one is no failed publish).
      await this.prune(basename(dir)).catch(() => undefined);
      return;
    } catch (error) {
      // A build stopped with the server was recorded as interrupted by stop().
      if (this.stopping) return;
      job.status = "failed";
      job.error ??= (error as Error).message;
      // A preview put online stays a preview when that fails.
      if (!reused) {
        await rm(dir, { recursive: true, force: true });
        job.build = null;
      }
    }
    job.finishedAt = this.now();
    this.record(job);
    this.options.onFinished?.(job);
  }

  /**
   * The newest preview built from the content tree `tree` for now (not for a later moment) and
   * still on disk, if any, made this year (the footer's year is the one thing a build takes from
   * the clock), by any instance.
   */
  private previewWith(tree: string): PublishJob | undefined {
    const year = this.now().getFullYear();
    return this.recent(keptPreviewJobs).find(
      (job) =>
        job.preview?.dir &&
        job.status === "done" &&
        job.asOf === null &&
        job.tree === tree &&
        job.startedAt?.getFullYear() === year &&
        existsSync(join(job.preview.dir, "build-info.json")),
    );
  }

  /** Runs the build of `contentDir` into `dir`, reading its progress lines; rejects with the end of its output on failure. */
  private build(job: PublishJob, dir: string, contentDir: string): Promise<void> {
    const command = this.options.command ?? { file: join(projectDir, "node_modules", ".bin", "tsx"), args: ["pipeline/publish-build.ts"] };
    const previous = job.baseBuild ?? this.options.servedBuild?.();
    return new Promise((done, fail) => {
      // Low priority: visitors' requests come first on a small server.
      const child = spawn("nice", ["-n", "10", command.file, ...command.args], {
        cwd: projectDir,
        env: {
          ...this.options.env,
          CONTENT_DIR: contentDir,
          CONTENT_AS_OF: job.asOf ?? this.now().toISOString(),
          BUILD_DIR: dir,
          NODE_ENV: "production",
          FORCE_COLOR: "0",
          ...(previous ? { PREVIOUS_BUILD_DIR: previous } : {}),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      this.child = child;
      const tail: string[] = [];
      const read = (chunk: Buffer) => {
        for (const line of chunk.toString("utf8").split("\n")) {
          if (line.trim() === "") continue;
          const progress = /^publish-step: (.+)$/.exec(line.trim());
          // Recorded as it comes: the publish page, on any instance, shows the build's progress.
          if (progress) {
            job.steps.push(progress[1]!);
            this.record(job);
          }
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

  /**
   * Keeps the live build and the one before it, the builds jobs of any instance still need (one
   * running, a preview listed), and the content checkouts they were made from; removes the rest.
   */
  private async prune(live: string): Promise<void> {
    const entries = await readdir(this.options.buildsDir, { withFileTypes: true });
    // Read after the folder: a build started since is not among the entries, one started before is among the jobs.
    const inUse = this.inUse();
    if (!inUse) return;
    const builds = entries
      .filter(
        (entry) => entry.isDirectory() && entry.name.startsWith("build-") && entry.name !== live && !inUse.builds.has(join(this.options.buildsDir, entry.name)),
      )
      .map((entry) => entry.name)
      .sort();
    for (const old of builds.slice(0, -1)) await rm(join(this.options.buildsDir, old), { recursive: true, force: true });
    const kept = [live, ...builds.slice(-1)].map((name) => join(this.options.buildsDir, name));
    const trees = new Set(inUse.trees);
    for (const build of [...kept, ...inUse.builds]) {
      const content = await builtFrom(build);
      if (content) trees.add(content.tree);
    }
    await this.options.published.pruneCheckouts(trees);
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
    items: job.items,
    asOf: job.asOf,
    buildDir: job.build ? basename(job.build) : null,
    contentTree: job.tree,
    changedPages: job.preview?.dir ? job.preview.changed : null,
    contentChanges: job.preview?.dir ? job.preview.changes : null,
    fromPreview: job.fromPreview && { id: job.fromPreview.id, requestedAt: job.fromPreview.requestedAt.toISOString() },
  };
}
