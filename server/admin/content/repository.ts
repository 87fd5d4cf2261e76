/**
 * The content folder as the editor writes it: each item one JSON file, every change a git commit
 * authored by the staff member (the `git` command, which the server needs installed: see
 * docs/deployment.md). File names are built only from a known type and an id matching
 * `itemIdPattern`, then checked to resolve inside the folder, so no address can name a file
 * elsewhere. Changes are made one at a time (a queue), so two saves never interleave in git.
 */
import { execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile, readdir } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { itemIdPattern, type ContentType } from "./types";

const run = promisify(execFile);

/** What a git command is given besides its arguments: who makes the change, more environment, its input. */
export interface GitOptions {
  author?: Author;
  env?: Record<string, string>;
  input?: string;
}

/**
 * Runs git in `root` with the editor's settings: no hooks (the project's own are not the
 * content's), no signing, no prompt, messages in English; `author` names the change's author and
 * committer (given through git's environment: no identity needs configuring on the server).
 */
export async function gitIn(root: string, args: readonly string[], { author, env = {}, input }: GitOptions = {}): Promise<string> {
  const who = author
    ? { GIT_AUTHOR_NAME: author.email, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.email, GIT_COMMITTER_EMAIL: author.email }
    : {};
  const command = run("git", ["-c", "core.hooksPath=/dev/null", "-c", "commit.gpgSign=false", ...args], {
    cwd: root,
    env: { ...process.env, ...who, ...env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" },
    maxBuffer: 32 * 1024 * 1024,
  });
  if (input !== undefined) command.child.stdin?.end(input);
  return (await command).stdout;
}

/**
 * The ref of the published content (./published.ts): a commit holding exactly the versions the
 * live site is built from. Not a branch (`git branch` does not list it), kept with every other
 * ref of the repository (a backup's bundle takes it).
 */
export const publishedRef = "refs/content/published";

/** Who makes a change: their address names them as the commit's author and committer. */
export interface Author {
  email: string;
}

/** One commit of an item's history. */
export interface Revision {
  commit: string;
  author: string;
  /** ISO 8601. */
  at: string;
  message: string;
}

/** An item as stored: its text and the version a later save must name. */
export interface StoredItem {
  text: string;
  value: unknown;
  version: string;
}

/** A file saved with an item (an uploaded picture), by its path relative to the content folder; null bytes remove it. */
export interface ExtraFile {
  path: string;
  bytes: Buffer | null;
}

/** A save refused because someone saved the item after the form was opened. */
export class VersionConflict extends Error {
  override name = "VersionConflict";
  constructor(readonly latest: Revision | null) {
    super("the item changed since the form was opened");
  }
}

/** A version: a digest of the file's bytes (or of its absence), so any change, by anyone, changes it. */
const versionOf = (text: string | null) =>
  createHash("sha256")
    .update(text ?? "\0absent")
    .digest("hex")
    .slice(0, 20);

/** The ids an editor address may name for a type, or null when the id is not one of them. */
function itemFile(root: string, type: ContentType, id: string): string | null {
  if (!itemIdPattern.test(id)) return null;
  let file: string;
  switch (type.where.kind) {
    case "single":
      if (id !== type.where.file) return null;
      file = `${type.where.file}.json`;
      break;
    case "fixed":
      if (!type.where.ids.includes(id)) return null;
      file = `${type.where.folder}/${id}.json`;
      break;
    case "collection":
      file = `${type.where.folder}/${id}.json`;
  }
  const full = resolve(root, file);
  // Belt and braces: the pattern already allows no separator or dot segment.
  if (!full.startsWith(resolve(root) + sep)) return null;
  return full;
}

/** How often a change waiting for another instance's looks again, and for how long at most (twice the lease's time: its holder died, or the database is out). */
const turnLookMs = 25;
const turnWaitLimitMs = 60_000;

export class ContentRepository {
  readonly root: string;
  private queue: Promise<unknown> = Promise.resolve();
  private ready: Promise<void> | null = null;

  /**
   * `turn`: whose turn it is to change the folder, between instances on one PostgreSQL database
   * that share it (a lease: server/db/leases.ts); without it, this process's queue alone.
   */
  constructor(
    root: string,
    private readonly turn?: { take(): boolean; giveBack(): void },
  ) {
    this.root = resolve(root);
  }

  /** Runs changes one after another: this process's in its queue, and across instances one instance's at a time. */
  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = () => this.inTurn(task);
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** Runs `task` once it is this instance's turn to change the folder (at once without another instance), and gives the turn back. */
  private async inTurn<T>(task: () => Promise<T>): Promise<T> {
    const turn = this.turn;
    if (!turn) return task();
    const taken = () => {
      try {
        return turn.take();
      } catch {
        // The database cannot say now: looked at again.
        return false;
      }
    };
    const deadline = Date.now() + turnWaitLimitMs;
    while (!taken()) {
      if (Date.now() > deadline) throw new Error("the content folder is being changed by another instance, or the database cannot say whose turn it is");
      await new Promise((done) => setTimeout(done, turnLookMs));
    }
    try {
      return await task();
    } finally {
      try {
        turn.giveBack();
      } catch {
        // Free again once the lease runs out.
      }
    }
  }

  private async git(args: string[], author?: Author) {
    return { stdout: await gitIn(this.root, args, author ? { author } : {}) };
  }

  /**
   * The folder is in a git repository (its own or the project's), or becomes one with everything
   * committed; and the published content has its ref: before the first change saved in the
   * editor, what is committed is what is live (the site was built from the folder until then),
   * so the ref starts there, and the change saved next is a draft.
   */
  ensureRepository(author: Author): Promise<void> {
    this.ready ??= (async () => {
      try {
        await this.git(["rev-parse", "--show-toplevel"]);
      } catch {
        await this.git(["init", "-q"]);
        await this.git(["add", "-A", "--", "."]);
        await this.git(["commit", "-q", "--allow-empty", "-m", "The content as it was when the editor first opened it"], author);
      }
      try {
        await this.git(["rev-parse", "--verify", "--quiet", `${publishedRef}^{commit}`]);
      } catch {
        // Only where there is none: another server's publish (a restored copy) is kept.
        await this.git(["update-ref", publishedRef, "HEAD", ""]);
      }
    })();
    // A failure (git missing, a repository without commits) is tried again at the next save.
    this.ready.catch(() => (this.ready = null));
    return this.ready;
  }

  /** The item's file path relative to the folder (what git names it by). */
  private relativeName(file: string): string {
    return relative(this.root, file).split(sep).join("/");
  }

  async read(type: ContentType, id: string): Promise<StoredItem | null> {
    const file = itemFile(this.root, type, id);
    if (!file || !existsSync(file)) return null;
    const text = await readFile(file, "utf8");
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      value = undefined;
    }
    return { text, value, version: versionOf(text) };
  }

  /** A collection's ids (or a single's or fixed set's own), sorted. */
  async ids(type: ContentType): Promise<string[]> {
    if (type.where.kind === "single") return [type.where.file];
    if (type.where.kind === "fixed") return [...type.where.ids];
    const folder = join(this.root, type.where.folder);
    if (!existsSync(folder)) return [];
    return (await readdir(folder))
      .filter((name) => name.endsWith(".json"))
      .map((name) => name.slice(0, -".json".length))
      .filter((id) => itemIdPattern.test(id))
      .sort();
  }

  /** Whether a content file other than `except` (relative, `news/x.json`) names `word` as a whole JSON string: a picture still in use. */
  async mentions(word: string, except: string): Promise<boolean> {
    const quoted = JSON.stringify(word);
    const files = (await readdir(this.root, { recursive: true, encoding: "utf8" })).filter(
      (file) => file.endsWith(".json") && !file.split(sep).some((part) => part.startsWith(".") || part === "images" || part === "node_modules"),
    );
    for (const file of files) {
      if (file.split(sep).join("/") === except) continue;
      if ((await readFile(join(this.root, file), "utf8")).includes(quoted)) return true;
    }
    return false;
  }

  /** The latest commit that touched the item, or null. */
  async latest(type: ContentType, id: string): Promise<Revision | null> {
    return (await this.history(type, id, 1))[0] ?? null;
  }

  /** The item's commits, newest first. */
  async history(type: ContentType, id: string, limit = 50): Promise<Revision[]> {
    const file = itemFile(this.root, type, id);
    if (!file) return [];
    try {
      const { stdout } = await this.git(["log", `-n${limit}`, "--format=%H%x1f%ae%x1f%aI%x1f%s%x1e", "--", this.relativeName(file)]);
      return stdout
        .split("\x1e")
        .map((record) => record.trim())
        .filter(Boolean)
        .map((record) => {
          const [commit, author, at, message] = record.split("\x1f");
          return { commit: commit!, author: author!, at: at!, message: message ?? "" };
        });
    } catch {
      return [];
    }
  }

  /** The item's text at a commit of its history, or null. */
  async at(type: ContentType, id: string, commit: string): Promise<string | null> {
    const file = itemFile(this.root, type, id);
    if (!file || !/^[0-9a-f]{40}$/.test(commit)) return null;
    try {
      const { stdout } = await this.git(["show", `${commit}:./${this.relativeName(file)}`]);
      return stdout;
    } catch {
      return null;
    }
  }

  /**
   * The item's text at each of `commits` (null where the file did not exist), read by one
   * `git cat-file --batch`: a history of fifty versions is one process, not fifty.
   */
  async textsAt(type: ContentType, id: string, commits: readonly string[]): Promise<Map<string, string | null>> {
    const file = itemFile(this.root, type, id);
    const texts = new Map<string, string | null>();
    const wanted = commits.filter((commit) => /^[0-9a-f]{40}$/.test(commit));
    if (!file || wanted.length === 0) return texts;
    const name = this.relativeName(file);
    // The path as git names it from the repository's top (the folder may sit inside a larger repository).
    const { stdout: prefix } = await this.git(["rev-parse", "--show-prefix"]);
    const output = await new Promise<Buffer>((done, fail) => {
      const child = spawn("git", ["cat-file", "--batch"], { cwd: this.root, env: { ...process.env, LC_ALL: "C" } });
      const chunks: Buffer[] = [];
      child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
      child.on("error", fail);
      child.on("close", (code) => (code === 0 ? done(Buffer.concat(chunks)) : fail(new Error(`git cat-file exited ${code}`))));
      child.stdin.end(wanted.map((commit) => `${commit}:${prefix.trim()}${name}\n`).join(""));
    });
    let at = 0;
    for (const commit of wanted) {
      const end = output.indexOf(10, at);
      const header = output.subarray(at, end).toString("utf8");
      const size = /^[0-9a-f]{40} blob (\d+)$/.exec(header)?.[1];
      if (size === undefined) {
        texts.set(commit, null);
        at = end + 1;
        continue;
      }
      texts.set(commit, output.subarray(end + 1, end + 1 + Number(size)).toString("utf8"));
      at = end + 1 + Number(size) + 1;
    }
    return texts;
  }

  /**
   * Writes an item and commits it, unless it changed since `expected` (the version the form was
   * opened on; null for a new item, which must not exist yet). `check` runs on the written folder
   * (the build's whole-content check) and returns problems: then the old file is put back and
   * nothing is committed. `extra` files (new pictures the item names) are written before the check
   * and committed with the item, or removed with it on a refusal.
   */
  save(
    type: ContentType,
    id: string,
    value: unknown,
    expected: string | null,
    author: Author,
    message: string,
    check: () => string[],
    extra: readonly ExtraFile[] = [],
  ): Promise<{ problems: string[] }> {
    return this.serial(async () => {
      const file = itemFile(this.root, type, id);
      if (!file) throw new Error(`not an item of ${type.id}: ${id}`);
      await this.ensureRepository(author);
      const before = existsSync(file) ? await readFile(file, "utf8") : null;
      if (versionOf(before) !== (expected ?? versionOf(null))) throw new VersionConflict(await this.latest(type, id));
      const text = `${JSON.stringify(value, null, 2)}\n`;
      if (text === before && extra.length === 0) return { problems: [] };
      const extraFiles = await Promise.all(
        extra.map(async (entry) => {
          const file = this.inside(entry.path);
          return { ...entry, file, previous: existsSync(file) ? await readFile(file) : null };
        }),
      );
      for (const entry of extraFiles) {
        if (entry.bytes === null) {
          await rm(entry.file, { force: true });
          continue;
        }
        await mkdir(dirname(entry.file), { recursive: true });
        await writeFile(entry.file, entry.bytes);
      }
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, text);
      await rename(temporary, file);
      const problems = check();
      if (problems.length > 0) {
        if (before === null) await rm(file, { force: true });
        else await writeFile(file, before);
        // Every picture as it was: a new one removed, a scene cut again or taken away put back.
        for (const entry of extraFiles) {
          if (entry.previous === null) await rm(entry.file, { force: true });
          else await writeFile(entry.file, entry.previous);
        }
        return { problems };
      }
      await this.commit([file, ...extraFiles.map((entry) => entry.file)], author, message);
      return { problems: [] };
    });
  }

  /** Deletes a collection's item and commits the deletion, unless it changed since `expected`. */
  remove(type: ContentType, id: string, expected: string, author: Author, message: string): Promise<void> {
    return this.serial(async () => {
      const file = itemFile(this.root, type, id);
      if (!file || type.where.kind !== "collection") throw new Error(`${type.id} items cannot be deleted`);
      await this.ensureRepository(author);
      const before = existsSync(file) ? await readFile(file, "utf8") : null;
      if (versionOf(before) !== expected) throw new VersionConflict(await this.latest(type, id));
      await rm(file, { force: true });
      await this.commit([file], author, message);
    });
  }

  /** A path relative to the folder, refused unless it stays inside. */
  private inside(path: string): string {
    const full = resolve(this.root, path);
    if (!full.startsWith(this.root + sep)) throw new Error(`outside the content folder: ${path}`);
    return full;
  }

  private async commit(files: readonly string[], author: Author, message: string): Promise<void> {
    const names = files.map((file) => this.relativeName(file));
    await this.git(["add", "-A", "--", ...names]);
    // Only these files are committed, whatever else the repository holds staged.
    await this.git(["commit", "-q", "-m", message, "--", ...names], author);
  }
}
