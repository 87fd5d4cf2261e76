/**
 * The build a publish from the content editor runs (server/admin/content/publisher.ts), into
 * BUILD_DIR from the content in CONTENT_DIR: the steps of `npm run build` minus what a content
 * change cannot affect. The interface catalogs are compiled already (the server needs them to
 * start); the font subsets are cut again only when the Latin pages' characters changed; the
 * summary sheets are drawn again only when what they show changed (a wine, a grape's names, the
 * estate's facts). React Router's build and the postbuild always run: every page may show the
 * changed text. Each step prints a `publish-step:` line the publisher shows as progress.
 * See docs/performance.md ("Publishing from the editor").
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { characterSet, latinSiteText } from "./fonts/site-text";
import { fontFaces, fontsDir, writeFontSubsets } from "./fonts/subset";
import { buildSummaries } from "./build-summaries";
import { gatherSheets } from "./summaries/gather";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

const step = (name: string, detail = "") => console.log(`publish-step: ${name}${detail ? ` (${detail})` : ""}`);

/** A digest of a value, byte arrays included (hashed as bytes, not as JSON objects). */
function digest(value: unknown): string {
  const hash = createHash("sha256");
  hash.update(
    JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Uint8Array ? createHash("sha256").update(inner).digest("hex") : inner)),
  );
  return hash.digest("hex");
}

/** Runs `work` unless the stamp file says its input is the one it last ran on (and its outputs exist). */
async function unlessUnchanged(name: string, stamp: string, input: string, outputs: string[], work: () => Promise<unknown>): Promise<void> {
  const same = existsSync(stamp) && readFileSync(stamp, "utf8") === input && outputs.every((file) => existsSync(file));
  if (same) return step(name, "unchanged, skipped");
  const started = Date.now();
  await work();
  writeFileSync(stamp, input);
  step(name, `${Date.now() - started} ms`);
}

/** Runs a command of the project, its output passed on; rejects on a failure. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: root, stdio: "inherit", env: process.env });
    child.on("error", fail);
    child.on("exit", (code, signal) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`))));
  });
}

const started = Date.now();
const characters = characterSet(latinSiteText()).join("");
await unlessUnchanged("fonts", join(fontsDir, ".characters"), characters, fontFaces.map((face) => join(fontsDir, face.file)), writeFontSubsets);

const sheets = gatherSheets();
const summariesDir = join(root, "public", "summaries");
await unlessUnchanged(
  "summaries",
  join(summariesDir, ".input"),
  digest(sheets),
  sheets.map((sheet) => join(summariesDir, sheet.lang, `${sheet.wineId}.jpg`)),
  () => buildSummaries(summariesDir),
);

const bin = (name: string) => join(root, "node_modules", ".bin", name);
let mark = Date.now();
await run(bin("react-router"), ["build"]);
step("pages", `${Date.now() - mark} ms`);
mark = Date.now();
await run(bin("tsx"), ["pipeline/postbuild.ts"]);
step("postbuild", `${Date.now() - mark} ms`);
step("done", `${Date.now() - started} ms`);
