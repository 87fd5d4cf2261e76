/**
 * What ships is what is tested (issue 46). Two rules, read from the code's syntax rather than its
 * spelling, each with probes that must break it and a few that must not:
 * - no test starts a server entry (`scripts/build-server.mjs`'s entry points: the server, its
 *   commands, the browser tests' clock server) from its TypeScript sources through a loader:
 *   tests start the compiled `build-server/` (e2e/support/server.ts `startServer`,
 *   `compiledServer`, `compiledCommand`), as `npm start`, the systemd unit and `npm run <command>` do;
 * - no module the compiled server bundles names a file relative to its own address
 *   (`import.meta.url`, `import.meta.dirname`, `__dirname`…), which moves when it is bundled into
 *   `build-server/`: files come from the project (`projectDir`, server/project.ts). The two walks
 *   up to the project folder are the exceptions, each named below with why.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = new URL("..", import.meta.url).pathname;

/** The entry points the build compiles (scripts/build-server.mjs, with --tests), read from the script. */
const entries = [...readFileSync(join(root, "scripts/build-server.mjs"), "utf8").matchAll(/entryPoints: \[([^\]]*)\]/g)].flatMap((match) =>
  [...match[1]!.matchAll(/"([^"]+\.ts)"/g)].map((entry) => entry[1]!),
);

/** The texts of a file's string literals and template pieces. */
function stringsOf(code: string, file: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) found.push(node.text);
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/** tsx named as a loader (`--import tsx`, `--import=tsx`, `tsx/esm`) or as its launcher (`node_modules/.bin/tsx`, `npx tsx`). */
const isLoader = (text: string) => /^(--(import|loader|require)=)?tsx(\/(esm|cjs)(\/api)?)?$/.test(text) || /(^|\/)\.bin\/tsx$/.test(text);

/** A string that names a server entry's source: the whole path or its end (`server/main.ts`, `commands/staff.ts`, `main.ts`, `/server/main.ts` after `${root}`). */
const namesEntry = (text: string) => {
  const path = text.replace(/^\.?\//, "");
  return path.endsWith(".ts") && entries.some((entry) => entry === path || entry.endsWith(`/${path}`));
};

/**
 * A test file's start of a server entry through tsx: a loader and a server entry named in one file
 * (through variables, `join`'s pieces or a template too). Returns what it names, or null.
 */
function loaderStart(code: string, file: string): string[] | null {
  const strings = stringsOf(code, file);
  const loaders = strings.filter(isLoader);
  const named = strings.filter(namesEntry);
  return loaders.length > 0 && named.length > 0 ? [...new Set([...loaders, ...named])] : null;
}

/** `import.meta` (`.url`, `.dirname`, `.filename`), `__dirname`, `__filename`: a module's own address. */
function ownAddressUses(code: string, file: string): string[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // `import.meta` however it is read (`.url`, `["url"]`, passed on whole).
    if (ts.isMetaProperty(node) && node.keywordToken === ts.SyntaxKind.ImportKeyword) {
      found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.parent.getText()}`);
    }
    if (ts.isIdentifier(node) && (node.text === "__dirname" || node.text === "__filename")) {
      found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.text}`);
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

/** The walks up to the project folder, which hold from a module's place and from a bundle's alike. */
const walksUp: Record<string, string> = {
  "server/project.ts": "projectDir: the nearest folder above holding package.json",
  "content/index.ts": "the content folder: the nearest folder above holding content/site.json, when CONTENT_DIR is not set",
};

const projectFiles = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: root, encoding: "utf8" })
  .split("\0")
  .filter(Boolean);
const testFiles = projectFiles.filter((file) => /\.(ts|tsx|mts)$/.test(file) && (/(^|\/)__tests__\//.test(file) || /^(e2e|tests)\//.test(file)));

describe("no test starts a server entry from its sources through tsx", () => {
  it("reads the entries from the build script", () => {
    expect(entries).toContain("server/main.ts");
    expect(entries).toContain("server/commands/backup.ts");
    expect(entries).toContain("e2e/support/clock-server.ts");
  });

  it("finds none in the test files and their support", () => {
    expect(testFiles.length).toBeGreaterThan(100);
    const offenders = testFiles.flatMap((file) => {
      const found = loaderStart(readFileSync(join(root, file), "utf8"), file);
      return found ? [`${file}: ${found.join(", ")}`] : [];
    });
    expect(offenders).toEqual([]);
  });

  const refused = {
    "the old start": 'spawn(process.execPath, ["--import", "tsx", ...preloads, options.entry ?? "server/main.ts"]);',
    "renamed, through variables": 'const how = "tsx";\nconst what = "./server/commands/staff.ts";\nspawn(process.execPath, ["--import", how, what]);',
    "the launcher, the path in pieces": 'execFileSync(join("node_modules", ".bin", "tsx"), [join("server", "commands", "backup.ts")]);',
    "one argument, a template": "spawn(process.execPath, ['--import=tsx', `${root}/server/main.ts`]);",
    npx: 'spawn("npx", ["tsx", "server/commands/submissions.ts", "export"]);',
    "the clock server": 'startServer({ entry: "e2e/support/clock-server.ts" }); spawn(node, ["--import", "tsx/esm"]);',
  };
  for (const [name, code] of Object.entries(refused)) {
    it(`refuses a probe: ${name}`, () => expect(loaderStart(code, "e2e/probe.test.ts")).not.toBeNull());
  }

  const allowed = {
    "the compiled server": "spawn(process.execPath, [compiledServer()]);",
    "a build step through tsx": 'await run(tsx, ["pipeline/i18n/compile.ts"]); const tsx = join(root, "node_modules", ".bin", "tsx");',
    "a server entry named without a loader": 'const file = "server/main.ts"; expect(readFileSync(file, "utf8")).toContain("listen");',
  };
  for (const [name, code] of Object.entries(allowed)) {
    it(`lets a probe pass: ${name}`, () => expect(loaderStart(code, "e2e/probe.test.ts")).toBeNull());
  }
});

describe("the compiled server reads no file relative to a module's own address", () => {
  /** What esbuild bundled into build-server/ and build-server-test/ (compiled by the tests' global setup). */
  const bundled = [
    ...new Set(
      ["build-server", "build-server-test"].flatMap((dir) => (JSON.parse(readFileSync(join(root, dir, "inputs.json"), "utf8")) as { inputs: string[] }).inputs),
    ),
  ].filter((file) => /\.(ts|tsx)$/.test(file) && !file.startsWith("node_modules/"));

  it("checks every module of the bundles", () => {
    expect(bundled).toContain("server/mail/logo.ts");
    expect(bundled).toContain("server/project.ts");
    expect(bundled.length).toBeGreaterThan(100);
  });

  it("finds a module's own address only in the walks up to the project", () => {
    const uses = bundled.flatMap((file) => ownAddressUses(readFileSync(join(root, file), "utf8"), file).map((use) => `${file}:${use}`));
    expect(uses.filter((use) => !Object.keys(walksUp).some((file) => use.startsWith(`${file}:`)))).toEqual([]);
    // Each exception is still needed: a walk that went away leaves no exception behind.
    for (const file of Object.keys(walksUp))
      expect(
        uses.some((use) => use.startsWith(`${file}:`)),
        file,
      ).toBe(true);
  });

  const refused = {
    "the mail logo before issue 46": 'const icon = new URL("../../public/favicon.svg", import.meta.url);',
    "a folder of its own": 'const here = import.meta.dirname; readFileSync(join(here, "admin.css"));',
    "CommonJS's name": 'readFileSync(path.join(__dirname, "..", "public", "favicon.svg"));',
    "the address read by its key": 'const dir = fileURLToPath(new URL(".", import.meta["url"]));',
  };
  for (const [name, code] of Object.entries(refused)) {
    it(`refuses a probe: ${name}`, () => expect(ownAddressUses(code, "server/mail/probe.ts")).not.toEqual([]));
  }
  it("lets a probe pass: a file of the project, a link of the site", () => {
    const code = 'const icon = join(projectDir, "public", "favicon.svg");\nconst link = new URL("/contact", siteUrl);';
    expect(ownAddressUses(code, "server/mail/probe.ts")).toEqual([]);
  });
});
