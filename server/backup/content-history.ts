/**
 * The content's history in a backup: the git repository that holds the content folder, as one
 * `git bundle` file (every branch and tag, read at one moment while the editor keeps committing),
 * and put back from it by a restore.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { relative, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** What the manifest says of the content's history. */
export interface ContentHistory {
  /** The bundle's file in the backup. */
  bundle: string;
  /** The commit checked out, and its branch (null when detached). */
  head: string;
  branch: string | null;
  commits: number;
  /** The content folder inside the repository: `.` when the folder is a repository of its own (as on the estate's server). */
  path: string;
}

const git = async (cwd: string, ...args: string[]) =>
  (
    await run("git", ["-c", "core.hooksPath=/dev/null", ...args], {
      cwd,
      env: { ...process.env, GIT_TERMINAL_PROMPT: "0", LC_ALL: "C" },
      maxBuffer: 16 * 1024 * 1024,
    })
  ).stdout.trim();

/**
 * Writes the repository holding `contentDir` into `file` as a bundle; null when the folder is in
 * no repository or it has no commit yet (the editor makes one at its first save).
 */
export async function bundleContent(contentDir: string, file: string): Promise<Omit<ContentHistory, "bundle"> | null> {
  let top: string;
  try {
    top = await git(contentDir, "rev-parse", "--show-toplevel");
    await git(top, "rev-parse", "--verify", "--quiet", "HEAD");
  } catch {
    return null;
  }
  await git(top, "bundle", "create", "--quiet", file, "--all");
  const head = await git(top, "rev-parse", "HEAD");
  const branch = await git(top, "symbolic-ref", "--quiet", "--short", "HEAD").catch(() => null);
  const commits = Number(await git(top, "rev-list", "--count", "HEAD"));
  return { head, branch: branch || null, commits, path: relative(top, resolve(contentDir)) || "." };
}

/**
 * Checks that a bundle is one git reads and that it holds the backed-up commit; throws otherwise.
 * (Its bytes are the manifest's already; the objects are checked again as they are fetched.)
 */
export async function verifyBundle(file: string, cwd: string, head: string): Promise<void> {
  const heads = await git(cwd, "bundle", "list-heads", file);
  if (!heads.split("\n").some((line) => line.startsWith(`${head} `))) throw new Error(`the content's bundle does not hold the backed-up commit ${head}`);
}

/**
 * Puts the history back into `contentDir`, which must be absent or empty: every branch and tag of
 * the bundle, the backed-up branch checked out at its commit. For a content folder that was part
 * of a larger repository (the project's), the folder must be in a clone of it: the bundle's refs
 * are fetched under `refs/restored/`, and the caller is told how to bring the folder back.
 */
export async function restoreContent(
  bundle: string,
  contentDir: string,
  history: ContentHistory,
): Promise<{ restored: true } | { restored: false; advice: string }> {
  if (history.path === ".") {
    if (existsSync(contentDir) && readdirSync(contentDir).length > 0)
      throw new Error(`CONTENT_DIR=${JSON.stringify(contentDir)} is not empty: a restore puts the content's history into an empty folder`);
    await mkdir(contentDir, { recursive: true });
    await git(contentDir, "init", "--quiet");
    await git(contentDir, "fetch", "--quiet", "--update-head-ok", bundle, "refs/*:refs/*");
    if (history.branch) await git(contentDir, "symbolic-ref", "HEAD", `refs/heads/${history.branch}`);
    await git(contentDir, "reset", "--quiet", "--hard", history.head);
    return { restored: true };
  }
  let top: string;
  try {
    top = await git(contentDir, "rev-parse", "--show-toplevel");
  } catch {
    throw new Error(
      `CONTENT_DIR=${JSON.stringify(contentDir)} was the folder ${history.path} of a larger repository: clone that repository first, then restore`,
    );
  }
  await git(top, "fetch", "--quiet", bundle, "+refs/heads/*:refs/restored/heads/*", "+refs/tags/*:refs/restored/tags/*");
  return {
    restored: false,
    advice: `the content's history is fetched under refs/restored/ in ${top}; bring the folder back with: git -C ${top} checkout ${history.head} -- ${history.path}`,
  };
}
