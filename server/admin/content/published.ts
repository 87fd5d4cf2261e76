/**
 * The published content: each item has a draft, its file in the content folder (what the editor
 * writes and commits, what the live preview renders), and a published version, its file in the
 * commit `refs/content/published` points to. A publish takes the items chosen, and only them,
 * from the drafts into a new commit on that ref (every other item stays as it was published), and
 * the site is built from a checkout of that commit: drafts never reach the live site, its mails or
 * its pages by any other way. The server's content store reads the same checkout once it serves
 * the build made from it, so what the server says is what it built (server/content-store.ts).
 *
 * The commits are made with git's plumbing on an index of their own (`read-tree`, `update-index`,
 * `write-tree`, `commit-tree`): the folder's checkout, its index and its branch are not touched.
 * A content folder inside a larger repository (the project's) works the same way: only its own
 * files change in the published commit.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, realpath, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { ContentRepository, gitIn, publishedRef, type Author } from "./repository";

/** A commit of the published content, with the id of the content folder's tree in it (the same content has the same tree). */
export interface ContentCommit {
  commit: string;
  tree: string;
}

/** What a build records of the content it was made from (`<build>/published-content.json`). */
const builtFromFile = "published-content.json";

/** The content a build was made from, as it recorded it, or null (a build of the folder itself: `npm run build`). */
export async function builtFrom(buildDir: string): Promise<ContentCommit | null> {
  try {
    const value = JSON.parse(await readFile(join(buildDir, builtFromFile), "utf8")) as Partial<ContentCommit>;
    return typeof value.commit === "string" && typeof value.tree === "string" ? { commit: value.commit, tree: value.tree } : null;
  } catch {
    return null;
  }
}

/** A file of the content, relative to its folder (`news/harvest-2026.json`), and its blob in a commit. */
export type PublishedFiles = ReadonlyMap<string, string>;

/** Where a content folder's repository is: its top, the folder's place in it, its hash, where its refs are kept. */
interface Layout {
  top: string;
  /** `content/`, or `` when the folder is a repository of its own. */
  prefix: string;
  format: "sha1" | "sha256";
  /** The folder of the refs every worktree shares (`.git` of a repository of its own). */
  commonDir: string;
}

/**
 * What never changes for a process: a folder's layout, and what a commit holds (a commit id names
 * its content). Kept here rather than asked of git again: each git process is forked from the
 * server's, which costs more the more memory it holds (docs/architecture.md, "Hand-written code
 * that remains, and why").
 */
const layouts = new Map<string, Promise<Layout>>();
const trees = new Map<string, string>();
const listings = new Map<string, PublishedFiles>();
/** A blob's text by its id (the same id is the same bytes in any repository). */
const blobTexts = new Map<string, string>();
const remembered = <V>(cache: Map<string, V>, key: string, value: V): V => {
  if (cache.size >= 1024) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
};

async function layoutOf(root: string): Promise<Layout> {
  const [top, prefix, format, commonDir] = (
    await gitIn(root, ["rev-parse", "--show-toplevel", "--show-prefix", "--show-object-format", "--git-common-dir"])
  ).split("\n");
  return { top: top!, prefix: prefix!, format: format === "sha256" ? "sha256" : "sha1", commonDir: resolve(root, commonDir!) };
}

/**
 * A ref's commit as the files that keep it say (a loose ref, else `packed-refs`): null when
 * neither names it; undefined when they cannot say (a symbolic ref, or a repository keeping its
 * refs in a reftable), and git is asked. Reading files, as git does, sees another instance's
 * publish on a shared folder as soon as git would.
 */
async function refFromFiles(commonDir: string, ref: string): Promise<string | null | undefined> {
  if (existsSync(join(commonDir, "reftable"))) return undefined;
  const loose = await readFile(join(commonDir, ref), "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return null;
    throw error;
  });
  if (loose !== null) return /^[0-9a-f]{40,64}$/.test(loose.trim()) ? loose.trim() : undefined;
  const packed = await readFile(join(commonDir, "packed-refs"), "utf8").catch(() => "");
  for (const line of packed.split("\n")) if (line.endsWith(` ${ref}`) && /^[0-9a-f]{40,64} /.test(line)) return line.slice(0, line.indexOf(" "));
  return null;
}

export class PublishedContent {
  constructor(
    private readonly repository: ContentRepository,
    /** Where checkouts are made (`content-<tree>`, beside the builds that read them). */
    private readonly checkoutsDir: string,
  ) {}

  private get root(): string {
    return this.repository.root;
  }

  /** The folder's layout; a folder in no repository (yet: the editor makes one) is asked again next time. */
  private where(): Promise<Layout> {
    const key = resolve(this.root);
    const known = layouts.get(key);
    if (known) return known;
    const layout = layoutOf(key);
    layouts.set(key, layout);
    layout.catch(() => layouts.delete(key));
    return layout;
  }

  /** Whether the content folder is in a git repository (the editor saves only there; the site builds from it either way). */
  async inRepository(): Promise<boolean> {
    return this.where().then(
      () => true,
      () => false,
    );
  }

  /**
   * The published commit, or null when nothing was published or saved through the editor yet
   * (the folder is then the published content: the site was built from it), or when the folder is
   * in no repository.
   */
  async current(): Promise<ContentCommit | null> {
    try {
      const { commonDir } = await this.where();
      const read = await refFromFiles(commonDir, publishedRef);
      if (read === null) return null;
      const commit = read ?? (await gitIn(this.root, ["rev-parse", "--verify", "--quiet", `${publishedRef}^{commit}`])).trim();
      return { commit, tree: await this.treeOf(commit) };
    } catch {
      return null;
    }
  }

  /** The id of the content folder's tree in a commit. */
  async treeOf(commit: string): Promise<string> {
    const { prefix } = await this.where();
    const key = `${resolve(this.root)}\0${commit}`;
    return trees.get(key) ?? remembered(trees, key, (await gitIn(this.root, ["rev-parse", `${commit}:${prefix}`])).trim());
  }

  /** Every file of the content in a commit, with its blob. */
  async files(commit: string): Promise<PublishedFiles> {
    const tree = await this.treeOf(commit);
    const key = `${resolve(this.root)}\0${tree}`;
    const known = listings.get(key);
    if (known) return known;
    const listing = await gitIn(this.root, ["ls-tree", "-r", "-z", tree]);
    const files = new Map<string, string>();
    for (const entry of listing.split("\0")) {
      const match = /^\d+ blob ([0-9a-f]+)\t(.+)$/s.exec(entry);
      if (match) files.set(match[2]!, match[1]!);
    }
    return remembered(listings, key, files);
  }

  /** Texts of blobs, read by one `git cat-file --batch`. */
  async blobs(ids: readonly string[]): Promise<Map<string, string>> {
    const texts = new Map<string, string>();
    for (const id of ids) {
      const known = blobTexts.get(id);
      if (known !== undefined) texts.set(id, known);
    }
    const wanted = [...new Set(ids)].filter((id) => !texts.has(id));
    if (wanted.length === 0) return texts;
    const output = await gitIn(this.root, ["cat-file", "--batch"], { input: wanted.map((id) => `${id}\n`).join("") });
    // The batch answers in order: `<id> blob <size>\n<bytes>\n` each (sizes in bytes: the texts are UTF-8).
    const bytes = Buffer.from(output, "utf8");
    let at = 0;
    for (const id of wanted) {
      const end = bytes.indexOf(10, at);
      const size = /^[0-9a-f]+ blob (\d+)$/.exec(bytes.subarray(at, end).toString("utf8"))?.[1];
      if (size === undefined) {
        at = end + 1;
        continue;
      }
      const text = bytes.subarray(end + 1, end + 1 + Number(size)).toString("utf8");
      texts.set(id, text);
      // The content's texts are small (a picture is never read as a blob): kept while they are.
      if (text.length <= 64 * 1024) remembered(blobTexts, id, text);
      at = end + 1 + Number(size) + 1;
    }
    return texts;
  }

  /** The id git gives a file's bytes (a blob), worked out here: no process per file to compare a draft with its published version. */
  async blobIdOf(bytes: Buffer): Promise<string> {
    const { format } = await this.where();
    return createHash(format).update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
  }

  /**
   * The commit that publishing `paths` (files relative to the content folder: an item's file and
   * its pictures) onto `base` makes: each path as the folder has it now (the draft), or taken away
   * when the folder no longer has it. Every other file is as `base` has it. Not yet published:
   * `advance` puts the ref on it once the site is built from it.
   */
  async compose(base: string, paths: readonly string[], author: Author, message: string): Promise<ContentCommit> {
    const { top, prefix } = await this.where();
    const index = join(tmpdir(), `lescours-publish-${randomUUID()}.index`);
    const env = { GIT_INDEX_FILE: index };
    try {
      await gitIn(top, ["read-tree", base], { env });
      const present = paths.filter((path) => existsSync(this.inside(path)));
      const blobs = present.length
        ? (await gitIn(this.root, ["hash-object", "-w", "--stdin-paths"], { input: present.map((path) => `${this.inside(path)}\n`).join("") }))
            .trim()
            .split("\n")
        : [];
      const zero = "0".repeat(blobs[0]?.length ?? 40);
      const lines = paths.map((path) => {
        const at = present.indexOf(path);
        return at >= 0 ? `100644 ${blobs[at]}\t${prefix}${path}` : `0 ${zero}\t${prefix}${path}`;
      });
      if (lines.length > 0) await gitIn(top, ["update-index", "--index-info"], { env, input: `${lines.join("\n")}\n` });
      const tree = (await gitIn(top, ["write-tree"], { env })).trim();
      const commit = (await gitIn(top, ["commit-tree", tree, "-p", base, "-F", "-"], { author, input: message })).trim();
      return { commit, tree: await this.treeOf(commit) };
    } finally {
      await rm(index, { force: true });
    }
  }

  /** Whether a published file other than `except` names `word` as a whole JSON string (a picture still in use). */
  async namedElsewhere(commit: string, word: string, except: ReadonlySet<string>): Promise<boolean> {
    const tree = await this.treeOf(commit);
    // `git grep` answers 1 when nothing matches.
    const found = await gitIn(this.root, ["grep", "-l", "-F", "-e", JSON.stringify(word), tree, "--", "*.json"]).catch(() => "");
    return found
      .split("\n")
      .map((line) => line.slice(line.indexOf(":") + 1))
      .some((file) => file !== "" && !except.has(file));
  }

  /** The commit that writing these texts (paths relative to the content folder) onto `base` makes. */
  async composeTexts(base: string, texts: ReadonlyMap<string, string>, author: Author, message: string): Promise<ContentCommit> {
    const { top, prefix } = await this.where();
    const index = join(tmpdir(), `lescours-publish-${randomUUID()}.index`);
    const env = { GIT_INDEX_FILE: index };
    try {
      await gitIn(top, ["read-tree", base], { env });
      const lines: string[] = [];
      for (const [path, text] of texts)
        lines.push(`100644 ${(await gitIn(this.root, ["hash-object", "-w", "--stdin"], { input: text })).trim()}\t${prefix}${path}`);
      if (lines.length > 0) await gitIn(top, ["update-index", "--index-info"], { env, input: `${lines.join("\n")}\n` });
      const tree = (await gitIn(top, ["write-tree"], { env })).trim();
      const commit = (await gitIn(top, ["commit-tree", tree, "-p", base, "-F", "-"], { author, input: message })).trim();
      return { commit, tree: await this.treeOf(commit) };
    } finally {
      await rm(index, { force: true });
    }
  }

  /** Puts the published ref on `to`, if it is still on `from` (a publish at a time: it always is); throws otherwise. */
  async advance(to: string, from: string): Promise<void> {
    await gitIn(this.root, ["update-ref", "-m", "publish", publishedRef, to, from]);
  }

  /**
   * A folder holding exactly the content of a commit, as the build and the server's content store
   * read it: `content-<tree>` beside the builds, made once (the same content is the same folder),
   * into a temporary name first so a folder of that name is always whole.
   */
  async checkout(commit: string): Promise<string> {
    const tree = await this.treeOf(commit);
    const dir = join(this.checkoutsDir, checkoutName(tree));
    if (existsSync(dir)) return dir;
    const { top } = await this.where();
    await mkdir(this.checkoutsDir, { recursive: true });
    const temporary = `${dir}.${randomUUID()}.tmp`;
    const index = join(tmpdir(), `lescours-checkout-${randomUUID()}.index`);
    try {
      await gitIn(top, ["read-tree", tree], { env: { GIT_INDEX_FILE: index } });
      await gitIn(top, ["checkout-index", "-a", "-f", `--prefix=${temporary}/`], { env: { GIT_INDEX_FILE: index } });
      // Even an empty content folder is a folder.
      await mkdir(temporary, { recursive: true });
      if (existsSync(dir)) await rm(temporary, { recursive: true, force: true });
      else await rename(temporary, dir);
    } finally {
      await rm(index, { force: true });
      await rm(temporary, { recursive: true, force: true });
    }
    return dir;
  }

  /** Removes the checkouts no build kept needs (by their trees), with the temporary ones of other trees (one being made of a kept tree stays). */
  async pruneCheckouts(keep: ReadonlySet<string>): Promise<void> {
    const names = new Set([...keep].map(checkoutName));
    const entries = await readdir(this.checkoutsDir).catch(() => [] as string[]);
    for (const name of entries) {
      if (name.startsWith("content-") && !names.has(name.split(".")[0]!)) await rm(join(this.checkoutsDir, name), { recursive: true, force: true });
    }
  }

  /** A path of the content folder, refused unless it stays inside. */
  private inside(path: string): string {
    const full = resolve(this.root, path);
    if (!full.startsWith(`${resolve(this.root)}/`)) throw new Error(`outside the content folder: ${path}`);
    return full;
  }
}

/** The checkout folder's name for a content tree. */
const checkoutName = (tree: string) => `content-${tree.slice(0, 20)}`;

/** Every string of a JSON value with its line ends as `\n`; null when none had another. */
function withLineEnds(value: unknown): { value: unknown } | null {
  let changed = false;
  const visit = (node: unknown): unknown => {
    if (typeof node === "string") {
      const text = node.replace(/\r\n?/g, "\n");
      if (text !== node) changed = true;
      return text;
    }
    if (Array.isArray(node)) return node.map(visit);
    if (node !== null && typeof node === "object") return Object.fromEntries(Object.entries(node).map(([key, inner]) => [key, visit(inner)]));
    return node;
  };
  const result = visit(value);
  return changed ? { value: result } : null;
}

/** A JSON file's text with its strings' line ends as `\n`, written as the editor writes files; null when it has no other line end (or is no JSON). */
function normalisedText(text: string): string | null {
  // A carriage return inside a JSON string is written `\r`: files without one are left unread.
  if (!text.includes("\\r")) return null;
  try {
    const result = withLineEnds(JSON.parse(text));
    return result ? `${JSON.stringify(result.value, null, 2)}\n` : null;
  } catch {
    return null;
  }
}

/** Who makes the content's own upkeep commits (the line ends): the server, not a person. */
const upkeep: Author = { email: "server@content.invalid" };

/**
 * Texts saved before the editor read line ends as `\n` hold the browser's `\r\n` (a title edit
 * then showed every long text as changed): made `\n` once, at start, in the drafts (a commit of
 * those files alone) and in the published content (a commit on its ref, with the same texts:
 * the site is then built again, showing the same words). Nothing is written when no text has one.
 */
export async function normaliseLineEnds(contentDir: string, buildsDir: string): Promise<string[]> {
  const repository = new ContentRepository(contentDir);
  const published = new PublishedContent(repository, buildsDir);
  const changed: string[] = [];
  if (!(await published.inRepository())) return changed;
  const files = (await readdir(contentDir, { recursive: true, encoding: "utf8" })).filter(
    (file) => file.endsWith(".json") && !file.split("/").some((part) => part.startsWith(".") || part === "node_modules" || part === "__tests__"),
  );
  const drafts: string[] = [];
  for (const file of files) {
    const text = normalisedText(await readFile(join(contentDir, file), "utf8"));
    if (text === null) continue;
    await writeFile(join(contentDir, file), text);
    drafts.push(file);
  }
  const message = "Line ends in texts written \\n, as the editor saves them (they held a browser's \\r\\n)";
  if (drafts.length > 0) {
    await gitIn(contentDir, ["add", "--", ...drafts]);
    await gitIn(contentDir, ["commit", "-q", "-m", message, "--", ...drafts], { author: upkeep });
    changed.push(...drafts);
  }
  const current = await published.current();
  if (!current) return changed;
  const listing = [...(await published.files(current.commit))].filter(([file]) => file.endsWith(".json"));
  const texts = await published.blobs(listing.map(([, blob]) => blob));
  const fixed = new Map<string, string>();
  for (const [file, blob] of listing) {
    const text = normalisedText(texts.get(blob) ?? "");
    if (text !== null) fixed.set(file, text);
  }
  if (fixed.size > 0) {
    const next = await published.composeTexts(current.commit, fixed, upkeep, message);
    await published.advance(next.commit, current.commit);
    changed.push(...[...fixed.keys()].map((file) => `published ${file}`));
  }
  return changed;
}

/** What the server serves at start, and the content it speaks with. */
export interface LiveAtStart {
  buildDir: string;
  /** The folder of the content the server's content store reads. */
  contentDir: string;
  /** The published content must be built again (its build is not the one served): with this build's kept bundle. */
  rebuildWith: string | null;
}

/** Whether a build's snapshot of its content (`renderer/content.json`) is the published content's JSON files; null when it kept none. */
async function snapshotIsPublished(build: string, published: PublishedContent, commit: string): Promise<boolean | null> {
  let snapshot: Record<string, string>;
  try {
    snapshot = JSON.parse(await readFile(join(build, "renderer", "content.json"), "utf8")) as Record<string, string>;
  } catch {
    return null;
  }
  const files = [...(await published.files(commit))].filter(
    ([file]) => file.endsWith(".json") && !file.split("/").some((part) => part.startsWith(".") || part === "__tests__" || part === "images"),
  );
  if (files.length !== Object.keys(snapshot).length) return false;
  for (const [file, blob] of files) {
    const text = snapshot[file];
    if (text === undefined || (await published.blobIdOf(Buffer.from(text, "utf8"))) !== blob) return false;
  }
  return true;
}

/**
 * What the server serves when it starts: the last publish (`<builds>/current`) or the deploy's own
 * build (`BUILD_DIR`), whichever is newer, as before drafts existed; but a build is served as the
 * live site only when it was made from the published content. A deploy's `npm run build` reads the
 * content folder, drafts and all: when its snapshot says it holds something unpublished, the last
 * publish stays online and the published content is built again with the deploy's new code (a
 * quick build with its kept bundle, seconds). So is a publish whose ref moved on when the server
 * stopped before serving it. The content store reads the content the served build was made from.
 */
export async function liveAtStart(options: { contentDir: string; buildsDir: string; deployed: string }): Promise<LiveAtStart> {
  const published = new PublishedContent(new ContentRepository(options.contentDir), options.buildsDir);
  const current = await published.current();
  const last = await realpath(join(options.buildsDir, "current")).catch(() => null);
  const stamp = async (build: string | null) => (build ? (await stat(join(build, "build-info.json")).catch(() => null))?.mtimeMs : undefined);
  const [lastAt, deployedAt] = [await stamp(last), await stamp(options.deployed)];
  const newest = last && lastAt !== undefined && lastAt > (deployedAt ?? 0) ? last : options.deployed;
  const contentOf = async (build: string) => {
    const from = await builtFrom(build);
    return from ? published.checkout(from.commit).catch(() => options.contentDir) : null;
  };
  if (!current) return { buildDir: newest, contentDir: (await contentOf(newest)) ?? options.contentDir, rebuildWith: null };
  const whole = async (build: string) =>
    build === last ? (await builtFrom(build))?.tree === current.tree : (await snapshotIsPublished(build, published, current.commit)) !== false;
  if (await whole(newest)) return { buildDir: newest, contentDir: (await contentOf(newest)) ?? (await published.checkout(current.commit)), rebuildWith: null };
  // The newest build is not the published content: the last publish meanwhile, when there is one.
  const served = last && lastAt !== undefined ? last : options.deployed;
  return {
    buildDir: served,
    contentDir: (await contentOf(served)) ?? (await published.checkout(current.commit)),
    rebuildWith: newest,
  };
}

/** Records in a build folder the content it was made from. */
export async function recordBuiltFrom(buildDir: string, content: ContentCommit): Promise<void> {
  await writeFile(join(buildDir, builtFromFile), JSON.stringify(content));
}
