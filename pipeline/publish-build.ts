/**
 * The build a publish or preview from the content editor runs (server/admin/content/publisher.ts),
 * into BUILD_DIR from the content in CONTENT_DIR. First a quick build (./quick-build.ts): the served
 * build's kept server bundle renders every page again from the content, in seconds. When it
 * declines (other code, new characters for the fonts…), the steps of `npm run build` minus what a
 * content change cannot affect: the interface catalogs are compiled already (the server needs them
 * to start); the font subsets are cut again only when the Latin pages' characters changed; the
 * summary sheets are drawn again only when what they show changed (a wine, a grape's names, the
 * estate's facts); React Router's build and the postbuild run. Each step prints a `publish-step:`
 * line the publisher shows as progress. See docs/performance.md ("Publishing from the editor").
 */
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { updateFontSubsets } from "./fonts/subset";
import { updateSummaries } from "./build-summaries";
import { quickBuild, step } from "./quick-build";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a step that skips itself when its input is unchanged (pipeline/unchanged.ts), and says which it did. */
async function timedStep(name: string, work: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  const ran = (await work()) !== null;
  step(name, ran ? Date.now() - started : undefined);
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
const out = process.env.BUILD_DIR ?? "build";
const quick = process.env.PREVIOUS_BUILD_DIR ? await quickBuild(out, process.env.PREVIOUS_BUILD_DIR) : ({ built: false, reason: "no-bundle" } as const);
if (quick.built) {
  step("done", Date.now() - started);
  process.exit(0);
}
// Why the whole site is built: the publish page says it in words.
console.log(`publish-step: full (${quick.reason})`);
await timedStep("fonts", updateFontSubsets);
await timedStep("summaries", () => updateSummaries());

const bin = (name: string) => join(root, "node_modules", ".bin", name);
let mark = Date.now();
await run(bin("react-router"), ["build"]);
step("pages", Date.now() - mark);
mark = Date.now();
await run(bin("tsx"), ["pipeline/postbuild.ts"]);
step("postbuild", Date.now() - mark);
step("done", Date.now() - started);
