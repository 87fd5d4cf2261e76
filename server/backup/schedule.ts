/**
 * The server's backups on a schedule: every BACKUP_INTERVAL_MINUTES it runs `npm run backup`'s
 * command in a process of its own, at low priority (the command runs itself at nice 10), so
 * copying, checking and encrypting never hold the server's thread; the run records itself in the
 * database, where /healthz and the staff area read it. Without a restic repository nothing runs, and the server says so at start.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { resolve as absolute } from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { backupConfigured, projectDir, type Config } from "../config";
import { commandArgs } from "../project";
import { backupHistory } from "../db/backups";
import type { Db } from "../db/database";
import { whenWritable } from "../db/availability";
import { JobTurn } from "../db/leases";
import { placeInEnglish, repositoryPlace } from "./repository";
import { contentFolder, resticEnvironment } from "./run";
import { backupStatus, type BackupStatus } from "./status";

declare module "fastify" {
  interface FastifyInstance {
    /** The backups' schedule and state (server/backup/schedule.ts). */
    backups: BackupSchedule;
  }
}

/** The longest a timer may wait (setTimeout's limit). */
const maxTimer = 2 ** 31 - 1;

class BackupSchedule {
  readonly startedAt: Date;
  readonly configured: boolean;
  private timer: NodeJS.Timeout | null = null;
  private child: ChildProcess | null = null;
  private stopped = false;
  private readonly intervalMs: number;
  private readonly turn: JobTurn;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    private readonly now: () => Date = () => new Date(),
    /** Called after each run: the mail the run queued for the admins (a failure) goes out at once. */
    private readonly afterRun: () => void = () => {},
  ) {
    this.startedAt = this.now();
    this.configured = backupConfigured(config);
    this.intervalMs = config.BACKUP_INTERVAL_MINUTES * 60_000;
    // Renewed at each run; another instance takes over when two runs were missed.
    this.turn = new JobTurn(db, "backups", 2 * this.intervalMs + 60_000, undefined, now);
  }

  /** The backups' state for /healthz and the staff area. */
  status(): BackupStatus {
    let history = null;
    try {
      history = backupHistory(this.db);
    } catch {
      // A database that cannot be read is /healthz's own finding; the backups are then unknown.
    }
    return backupStatus(history, {
      configured: this.configured,
      intervalMinutes: this.config.BACKUP_INTERVAL_MINUTES,
      startedAt: this.startedAt,
      now: this.now(),
      // Looked at each time: a folder's disk is the one mounted now.
      repository: this.configured ? repositoryPlace(this.config) : null,
    });
  }

  /** Schedules the next backup: one interval after the last good one (or after the start), at once if that is past. */
  start(): void {
    if (!this.configured) {
      this.log.warn(
        'backup: RESTIC_REPOSITORY is not set, so nothing is backed up: a lost disk would lose every booking and the content\'s history (docs/deployment.md, "Backups")',
      );
      return;
    }
    // Its place, never its address as written (which may hold credentials).
    this.log.info(`backup: every ${this.config.BACKUP_INTERVAL_MINUTES} minutes to ${placeInEnglish(repositoryPlace(this.config))}`);
    const last = this.status().lastGood;
    const from = last ? Date.parse(last.at) : this.startedAt.getTime();
    this.schedule(from + this.intervalMs - this.now().getTime());
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.run(), Math.min(maxTimer, Math.max(0, delayMs)));
    this.timer.unref();
  }

  /** Runs one backup in its own process; the next one is an interval later, whatever the outcome. */
  private async run(): Promise<void> {
    this.timer = null;
    // Instances on one PostgreSQL database take turns (../db/leases.ts): another's backup covers this one.
    if (!(await whenWritable(() => this.turn.take()).catch(() => false))) {
      this.schedule(this.intervalMs);
      return;
    }
    const started = Date.now();
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      // The command lowers its own priority (nice 10), as it does when a person runs it.
      const child = spawn(process.execPath, [...commandArgs("backup"), "--trigger", "schedule"], {
        cwd: projectDir,
        // Absolute: the command runs in the project folder, whatever the server's working directory.
        env: {
          ...resticEnvironment(this.config),
          DATA_DIR: absolute(this.config.DATA_DIR),
          CONTENT_DIR: contentFolder(this.config),
          // The database this server runs on, whether or not its configuration came from the environment.
          ...(this.config.DATABASE_URL ? { DATABASE_URL: this.config.DATABASE_URL } : {}),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      this.child = child;
      let output = "";
      const keep = (chunk: Buffer) => (output = `${output}${chunk.toString("utf8")}`.slice(-4000));
      child.stdout.on("data", keep);
      child.stderr.on("data", keep);
      child.on("error", (error) => resolve({ code: 1, output: error.message }));
      child.on("close", (exit) => resolve({ code: exit, output }));
    });
    this.child = null;
    const said = output.trim().split("\n").at(-1) ?? "";
    if (code === 0) this.log.info({ ms: Date.now() - started }, said);
    else if (code === 75) this.log.info(`backup: skipped, ${said.replace(/^backup: /, "")}`);
    else if (!this.stopped) this.log.error({ code }, `backup: failed: ${said.replace(/^backup: /, "")}`);
    this.afterRun();
    this.schedule(this.intervalMs);
  }

  /** Stops the schedule; a backup running now is stopped (its run is found stopped and marked failed by the next one). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.child?.kill("SIGTERM");
    try {
      this.turn.giveBack();
    } catch {
      // A database that cannot be written: the lease runs out instead.
    }
  }
}

/**
 * The backups' schedule as a plugin of the server (`backups`, after the database it reads and the
 * mail whose sender it wakes when a run queued the admins' e-mail): it starts when the server is
 * ready and stops when it closes.
 */
export const backups = fp(
  async (app: FastifyInstance, options: { config: Config; now?: () => Date }) => {
    const schedule = new BackupSchedule(app.db, options.config, app.log, options.now, () => app.mailSender?.kick());
    app.decorate("backups", schedule);
    app.addHook("onReady", async () => schedule.start());
    app.addHook("preClose", async () => schedule.stop());
  },
  { name: "backups", fastify: "5.x", dependencies: ["database", "mail"] },
);
