/**
 * Docs name only what exists. Every file path a page of the docs names (in a code span, a code
 * block or a Markdown link), every `npm run` script, every anchor of a link to another page, and
 * the README's folder list are read here and checked against the repository as it is: a renamed,
 * moved or deleted file, or a script dropped from package.json, fails this test until the docs
 * say so.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, normalize, posix } from "node:path";
import GithubSlugger from "github-slugger";
import { marked, type Token, type Tokens } from "marked";
import { describe, expect, it } from "vitest";

const root = new URL("..", import.meta.url).pathname;
const docs = [
  "README.md",
  "content/README.md",
  ...readdirSync(join(root, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

/** Every file of the project as git would commit it: tracked, or new and not ignored. */
const files: string[] = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter(Boolean);
const topLevel = new Set(readdirSync(root));

/** Files a doc may name by their bare name although they are not in the repository, and why. */
const outside: Record<string, string> = {
  "build-info.json": "written by the build into build/",
  "index.html": "a prerendered page in build/client/",
  "visit.ics": "the calendar file attached to a booking's answer",
  "unicode.json": "Fontsource's list of the files of a font, in node_modules/",
  "robots.txt": "served from the build",
  "sitemap.xml": "served from the build",
  "<estate-name>-<vintage>-Summary.jpg": "the name a summary sheet is downloaded under",
  "noto-sans-sc-101-400-normal.woff": "one of the files of @fontsource/noto-sans-sc, in node_modules/",
};

/** Names of other projects' code the docs name (React Router's options and exports). */
const theirs = new Set(["v8_splitRouteModules", "clientLoader", "clientAction", "HydrateFallback"]);

/** A built script or stylesheet, named with its content hash (`framework-DzDylt6z.js`): measured in build/. */
const hashedAsset = /-[\w-]{8}\.(js|css)$/;

const extensions = /\.(tsx?|mjs|cjs|js|json|md|po|pot|css|txt|sh|conf|service|ya?ml|html|png|jpe?g|webm|mp4|woff2?|svg|avif|webp|example)$/;

/** A pattern as the docs write one: `<lang>`, `*` and `…` stand for any name. */
const pattern = (path: string) =>
  new RegExp(
    "^" +
      path
        .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
        .replace(/<[^>/]+>/g, "[^/]+")
        .replace(/\*/g, "[^/]*")
        .replace(/…/g, ".*") +
      (path.endsWith("/") ? "" : "(/|$)"),
  );

/** Whether a path, relative to the project, is a file or folder of it (patterns allowed). */
const exists = (path: string) => {
  const re = pattern(path);
  return files.some((file) => re.test(file));
};

/** Paths git ignores are made by a command (build/, locales/compiled/, data/…): not checkable here. */
const ignored = (paths: string[]): Set<string> => {
  if (paths.length === 0) return new Set();
  try {
    const out = execFileSync("git", ["check-ignore", "--stdin"], { cwd: root, input: paths.join("\n"), encoding: "utf8" });
    return new Set(out.split("\n").filter(Boolean));
  } catch {
    return new Set(); // exit status 1: none of them is ignored
  }
};

interface Mention {
  doc: string;
  text: string;
  /** Markdown links resolve against the page's folder; code spans also against the project's root. */
  kind: "link" | "code";
}

const lexed = new Map(docs.map((doc) => [doc, marked.lexer(readFileSync(join(root, doc), "utf8"))]));

const mentions: Mention[] = docs.flatMap((doc) => {
  const found: Mention[] = [];
  marked.walkTokens(lexed.get(doc)!, (token: Token) => {
    if (token.type === "link") found.push({ doc, text: (token as Tokens.Link).href, kind: "link" });
    if (token.type === "codespan" || token.type === "code") {
      // `<wine id>` is one placeholder, not two words.
      const text = (token as Tokens.Codespan).text.replace(/\\\|/g, "|").replace(/<[^<>/]*>/g, (placeholder) => placeholder.replace(/\s+/g, "-"));
      for (const word of text.split(/[\s|]+/)) found.push({ doc, text: word, kind: "code" });
    }
  });
  return found;
});

/** The path a word names, or undefined for a word that is not a path (code, a URL, a MIME type…). */
const pathIn = (mention: Mention): string | undefined => {
  const word = mention.text.replace(/^[("'`[]+/, "").replace(/[)"'`\],;:.]+$/, "");
  if (mention.kind === "link") {
    if (/^[a-z]+:/.test(word) || word.startsWith("#")) return undefined;
    return word.split("#")[0] ?? "";
  }
  // URLs, URL paths, packages, options, paths outside the project, code, a bare extension (`.mp4`).
  if (!word || /:\/\/|^[/@-]|^\.\.|[=(){}]|^\.\w+$/.test(word)) return undefined;
  const first = word.split("/")[0] ?? "";
  const besideDoc = readdirSync(join(root, dirname(mention.doc)));
  if (word.includes("/") && (topLevel.has(first) || besideDoc.includes(first))) return word;
  if (extensions.test(word) && !hashedAsset.test(word)) return word;
  return undefined;
};

/** Where a mentioned path may be: beside the page, or (for code) from the project's root. */
const candidates = (mention: Mention, path: string) => {
  const beside = posix.normalize(posix.join(dirname(mention.doc), path));
  return mention.kind === "link" ? [beside] : [beside, normalize(path)];
};

describe("the docs", () => {
  it("name only files and folders that exist", () => {
    const named = mentions.flatMap((mention) => {
      const path = pathIn(mention);
      return path ? [{ mention, path }] : [];
    });
    const skip = ignored(named.flatMap(({ mention, path }) => candidates(mention, path)));
    const missing = named
      .filter(({ mention, path }) => {
        if (!path.includes("/")) return !(path in outside) && !files.some((file) => pattern(path).test(posix.basename(file)));
        const where = candidates(mention, path);
        return !where.some((p) => skip.has(p) || exists(p));
      })
      .map(({ mention, path }) => `${mention.doc}: ${path}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it("run only npm scripts that package.json has", () => {
    const scripts = Object.keys((JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts);
    const missing = docs.flatMap((doc) => {
      const text = readFileSync(join(root, doc), "utf8");
      const named = [...text.matchAll(/\bnpm run ([a-z][\w:.*-]*[\w*])/g)]
        .map((m) => m[1] ?? "")
        .concat([...text.matchAll(/\bnpm (start|test)\b/g)].map((m) => m[1] ?? ""));
      return named.filter((name) => !scripts.some((script) => pattern(name).test(script))).map((name) => `${doc}: npm run ${name}`);
    });
    expect([...new Set(missing)]).toEqual([]);
  });

  it("link to headings that exist", () => {
    const anchors = new Map(
      docs.map((doc) => {
        const slugger = new GithubSlugger();
        const headings: string[] = [];
        marked.walkTokens(lexed.get(doc)!, (token) => {
          if (token.type === "heading") headings.push(slugger.slug((token as Tokens.Heading).text));
        });
        return [doc, headings];
      }),
    );
    const broken = mentions
      .filter((m) => m.kind === "link" && !/^[a-z]+:/.test(m.text) && m.text.includes("#"))
      .filter((m) => {
        const [file, anchor = ""] = m.text.split("#");
        const target = file ? posix.normalize(posix.join(dirname(m.doc), file)) : m.doc;
        return !anchors.get(target)?.includes(anchor);
      })
      .map((m) => `${m.doc}: ${m.text}`);
    expect(broken).toEqual([]);
  });

  it("name only functions, components and options the code has", () => {
    const source = files
      .filter((file) => /\.(tsx?|m?js)$/.test(file))
      .map((file) => readFileSync(join(root, file), "utf8"))
      .join("\n");
    const missing = docs.flatMap((doc) => {
      const names = new Set<string>();
      marked.walkTokens(lexed.get(doc)!, (token) => {
        // `formPayload`, `checkFormTables`, `SubmissionStore`, `localizePath(lang, path)`: camel-case names.
        const name = token.type === "codespan" ? /^([A-Za-z_]\w*)(\(.*\))?$/.exec((token as Tokens.Codespan).text)?.[1] : undefined;
        if (name && /[a-z][A-Z]/.test(name) && !theirs.has(name)) names.add(name);
      });
      return [...names].filter((name) => !new RegExp(`\\b${name}\\b`).test(source)).map((name) => `${doc}: ${name}`);
    });
    expect(missing).toEqual([]);
  });

  it("README lists every script of package.json but npm's own hooks", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const scripts = Object.keys((JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts);
    // npm runs pre<name> and post<name> before and after <name> by itself (`prestaff` compiles what `staff` runs), and `postinstall` after an install.
    const hook = (s: string) => ["test", "start", "postinstall"].includes(s) || scripts.some((name) => s === `pre${name}` || s === `post${name}`);
    const unlisted = scripts.filter((s) => !hook(s) && !readme.includes(`npm run ${s}`));
    expect(unlisted).toEqual([]);
  });

  it("README's folder list holds every top-level folder, and only those", () => {
    const tokens = lexed.get("README.md")!;
    const heading = tokens.findIndex((t) => t.type === "heading" && (t as Tokens.Heading).text === "Folders");
    const block = tokens.slice(heading).find((t) => t.type === "code") as Tokens.Code;
    const listed = block.text
      .split("\n")
      .map((line) => /^(\S+)\/\s/.exec(line)?.[1])
      .filter((name): name is string => name !== undefined);
    const folders = [...new Set(files.filter((f) => f.includes("/")).map((f) => f.slice(0, f.indexOf("/"))))].filter((f) => !f.startsWith("."));
    expect(listed.sort()).toEqual(folders.sort());
  });
});
