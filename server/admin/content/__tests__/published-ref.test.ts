import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildTestServer, closedAfterEachTest } from "../../../__tests__/support/fixtures";
import { contentRepository, git } from "../../../__tests__/support/content";
import { PublishedContent } from "../published";
import { ContentRepository, publishedRef } from "../repository";

/**
 * The published commit is read from the files that keep the ref (server/admin/content/published.ts,
 * `refFromFiles`): whatever shape git left the ref in, the answer is git's own.
 */
const { apps } = closedAfterEachTest();
const publishedOf = (dir: string) => new PublishedContent(new ContentRepository(dir), mkdtempSync(join(tmpdir(), "lescours-builds-")));
/** What git says the published commit is, or null. */
const gitSays = (dir: string) => {
  try {
    return git(dir, "rev-parse", "--verify", "--quiet", `${publishedRef}^{commit}`).trim();
  } catch {
    return null;
  }
};
const commitIn = (dir: string, file: string) => {
  writeFileSync(join(dir, file), `{ "n": "${file}" }\n`);
  git(dir, "add", file);
  git(dir, "-c", "user.name=Estate", "-c", "user.email=estate@hermitage-lescours.example", "-c", "commit.gpgSign=false", "commit", "-q", "-m", file);
  return git(dir, "rev-parse", "HEAD").trim();
};

afterEach(() => vi.unstubAllEnvs());
const realGit = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();

describe("the published commit", () => {
  it("is git's in every shape of the ref: none, loose, packed, loose over packed, deleted", async () => {
    const dir = contentRepository();
    const published = publishedOf(dir);
    const agrees = async () => expect((await published.current())?.commit ?? null).toBe(gitSays(dir));
    await agrees();
    expect(await published.current()).toBeNull();
    const first = commitIn(dir, "first.json");
    git(dir, "update-ref", publishedRef, first);
    await agrees();
    git(dir, "pack-refs", "--all");
    await agrees();
    expect((await published.current())?.commit).toBe(first);
    const second = commitIn(dir, "second.json");
    git(dir, "update-ref", publishedRef, second, first);
    await agrees();
    expect((await published.current())?.commit).toBe(second);
    git(dir, "pack-refs", "--all");
    git(dir, "update-ref", "-d", publishedRef);
    await agrees();
    expect(await published.current()).toBeNull();
  });

  it("is the repository's in a worktree of it (refs are kept in the main folder)", async () => {
    const dir = contentRepository();
    const first = commitIn(dir, "first.json");
    git(dir, "update-ref", publishedRef, first);
    const worktree = join(mkdtempSync(join(tmpdir(), "lescours-worktree-")), "content");
    git(dir, "worktree", "add", "-q", "--detach", worktree);
    const published = publishedOf(worktree);
    expect((await published.current())?.commit).toBe(first);
    const second = commitIn(dir, "second.json");
    git(dir, "update-ref", publishedRef, second);
    expect((await published.current())?.commit).toBe(second);
    expect((await published.current())?.tree).toBe(git(worktree, "rev-parse", `${second}^{tree}`).trim());
  });

  it("is read without starting git once the folder is known: a server starting again starts none", async () => {
    const dir = contentRepository();
    git(dir, "update-ref", publishedRef, "HEAD");
    apps.add(await buildTestServer({ CONTENT_DIR: dir }));
    // A git ahead of the real one on the PATH (which the server's git commands are looked up on) notes each run.
    const bin = mkdtempSync(join(tmpdir(), "lescours-git-"));
    const log = join(bin, "runs");
    writeFileSync(log, "");
    writeFileSync(join(bin, "git"), `#!/bin/sh\necho "$*" >> '${log}'\nexec ${realGit} "$@"\n`, { mode: 0o755 });
    vi.stubEnv("PATH", `${bin}:${process.env.PATH}`);
    apps.add(await buildTestServer({ CONTENT_DIR: dir }));
    const spawned = readFileSync(log, "utf8").split("\n").filter(Boolean);
    expect(spawned).toEqual([]);
  });
});
