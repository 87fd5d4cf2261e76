/**
 * restic, the encrypted store the backups go to (Debian's `restic` package; scripts/ensure-restic.sh
 * installs it where missing). It is configured by its own variables (RESTIC_REPOSITORY or
 * RESTIC_REPOSITORY_FILE, RESTIC_PASSWORD, RESTIC_PASSWORD_FILE or RESTIC_PASSWORD_COMMAND, and a
 * backend's credentials), which it reads from the environment it is given.
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

/** The tag every snapshot of the site carries: retention and `latest` look only at these. */
const snapshotTag = "lescours-site";

/** A snapshot as `restic snapshots --json` lists it. */
export interface Snapshot {
  id: string;
  short_id: string;
  time: string;
  paths: string[];
  hostname: string;
  tags?: string[];
}

/** How many backups to keep (BACKUP_KEEP_*). */
export interface Retention {
  last: number;
  daily: number;
  monthly: number;
}

/** A restic command that failed: its own words (the last lines it wrote), without the environment. */
export class ResticError extends Error {
  override name = "ResticError";
  /** restic could open the repository, but the password opens none of its keys. */
  get wrongPassword(): boolean {
    return /wrong password or no key found/i.test(this.message);
  }
}

/** restic's words when there is no repository where it looked (0.14: "Is there a repository at the following location?"; later: "repository does not exist"). */
const noRepository = /is there a repository|repository does not exist/i;

export class Restic {
  constructor(
    private readonly env: NodeJS.ProcessEnv,
    /** restic's cache (or none: a restore into an empty data folder leaves nothing behind). */
    private readonly cacheDir: string | null,
  ) {}

  private async restic(args: string[], cwd?: string): Promise<string> {
    const cache = this.cacheDir === null ? ["--no-cache"] : this.env.RESTIC_CACHE_DIR ? [] : ["--cache-dir", this.cacheDir];
    try {
      const { stdout } = await run("restic", [...args, ...cache], { env: this.env, cwd, maxBuffer: 64 * 1024 * 1024 });
      return stdout;
    } catch (error) {
      const { stderr, code } = error as { stderr?: string; code?: number | string };
      if (code === "ENOENT") throw new ResticError("restic is not installed (Debian: apt-get install restic; scripts/ensure-restic.sh)");
      const said = (stderr ?? "").trim().split("\n").slice(-3).join(" ").replace(/\s+/g, " ");
      throw new ResticError(`restic ${args[0]} failed${said ? `: ${said}` : ` (exit ${String(code)})`}`);
    }
  }

  /**
   * The repository's identity (its config's `id`, which `restic init` draws at random and nothing
   * changes afterwards), or null when restic finds no repository there: a folder that is gone or
   * empty, a bucket emptied, and (restic 0.14 cannot tell them apart) a server that does not
   * answer; `error` then holds restic's words. A wrong password or a repository that cannot be
   * read throws.
   */
  async identity(): Promise<{ id: string } | { id: null; error: ResticError }> {
    try {
      const config = JSON.parse(await this.restic(["cat", "config", "--quiet"])) as { id?: unknown };
      if (typeof config.id !== "string" || !config.id) throw new ResticError("restic cat config gave no repository id");
      return { id: config.id };
    } catch (error) {
      if (error instanceof ResticError && noRepository.test(error.message)) return { id: null, error };
      throw error;
    }
  }

  /** Makes a new, empty repository where RESTIC_REPOSITORY says. */
  async init(): Promise<void> {
    await this.restic(["init", "--quiet"]);
  }

  /**
   * Backs up the folder's contents (paths relative to it) to the repository, which must exist
   * (server/backup/run.ts checks which one it is first, and makes it only on the first backup or
   * when asked); returns the snapshot's id and the bytes read.
   */
  async backup(dir: string): Promise<{ snapshot: string; bytes: number }> {
    const output = await this.restic(["backup", "--json", "--quiet", "--tag", snapshotTag, "."], dir);
    const summary = output
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { message_type?: string; snapshot_id?: string; total_bytes_processed?: number })
      .find((message) => message.message_type === "summary");
    if (!summary?.snapshot_id) throw new ResticError("restic backup wrote no summary");
    return { snapshot: summary.snapshot_id, bytes: summary.total_bytes_processed ?? 0 };
  }

  /** Forgets the snapshots the retention does not keep; with `prune`, also frees their space (slower: it rewrites packs). */
  async forget(keep: Retention, prune: boolean): Promise<void> {
    const rules = [
      ["--keep-last", keep.last],
      ["--keep-daily", keep.daily],
      ["--keep-monthly", keep.monthly],
    ]
      .filter(([, count]) => Number(count) > 0)
      .flat()
      .map(String);
    await this.restic(["forget", "--quiet", "--tag", snapshotTag, ...rules, ...(prune ? ["--prune"] : [])]);
  }

  /** The site's snapshots, oldest first. */
  async snapshots(): Promise<Snapshot[]> {
    return JSON.parse(await this.restic(["snapshots", "--json", "--tag", snapshotTag])) as Snapshot[];
  }

  /** Restores a snapshot (an id, or `latest`) into `target`. */
  async restore(snapshot: string, target: string): Promise<void> {
    await this.restic(["restore", snapshot, "--tag", snapshotTag, "--target", target, "--quiet"]);
  }
}
