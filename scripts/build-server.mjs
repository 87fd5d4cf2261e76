/* global console, process, performance */
// Compiles the server ahead of time into build-server/ (what `npm start`, the systemd unit and the
// operator's commands run with plain node): server/main.ts and the commands, each bundled with the
// project's own modules (server/, content/, core/, forms/, locales/, presentation/), the packages
// left to node_modules/. Sources stay where they are: the server reads its content folder,
// stylesheet, password list and the site's icon from the project at run time (server/project.ts).
//
//   node scripts/build-server.mjs               compile (npm run build, npm run build:server)
//   node scripts/build-server.mjs --if-stale    compile only what is missing or older than its sources
//                                               (prestart and the commands' pre-scripts, the tests' setup)
//   node scripts/build-server.mjs --tests       also the browser tests' entries, into build-server-test/:
//                                               the server on a clock the test moves (e2e/support/clock-server.ts)
//                                               and the two preloads of e2e/support/server.ts. A separate
//                                               folder, so an install (no e2e/) builds and ships none of them.
//
// Each folder keeps esbuild's list of what went into it and when (inputs.json); `--if-stale`
// compiles again when an output is missing or a source, this script, package.json or tsconfig.json
// changed since. It writes into a new folder and swaps it in, so a process starting meanwhile finds a
// whole build.
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { build } from "esbuild";

const targets = [
  {
    outdir: "build-server",
    outbase: "server",
    entryPoints: ["server/main.ts", "server/commands/backup.ts", "server/commands/restore.ts", "server/commands/staff.ts", "server/commands/submissions.ts"],
  },
];
if (process.argv.includes("--tests")) {
  targets.push({
    outdir: "build-server-test",
    outbase: "e2e/support",
    entryPoints: ["e2e/support/clock-server.ts", "e2e/support/shift-clock.ts", "e2e/support/announce-listening.ts"],
  });
}
const ifStale = process.argv.includes("--if-stale");

/** Files that change every output when they change. */
const always = ["scripts/build-server.mjs", "package.json", "tsconfig.json"];

/** Why `target` must be compiled again, or null when its folder is up to date. */
function staleness(target) {
  const list = `${target.outdir}/inputs.json`;
  if (!existsSync(list)) return "not compiled yet";
  const { startedAt, inputs, outputs } = JSON.parse(readFileSync(list, "utf8"));
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `${missing} is missing`;
  const newer = [...always, ...inputs].find((file) => !existsSync(file) || statSync(file).mtimeMs > startedAt);
  return newer ? `${newer} changed` : null;
}

for (const target of targets) {
  if (ifStale && staleness(target) === null) continue;
  const started = performance.now();
  // A source saved while esbuild reads it is newer than this, so the next check compiles again.
  const startedAt = Date.now();
  const next = `${target.outdir}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const result = await build({
    entryPoints: target.entryPoints,
    outbase: target.outbase,
    outdir: next,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    packages: "external",
    sourcemap: "linked",
    jsx: "automatic",
    logLevel: "warning",
    metafile: true,
    // The one package.json the output finds walking up is the project's ("type": "module").
  });
  const outputs = Object.keys(result.metafile.outputs).map((file) => target.outdir + file.slice(next.length));
  writeFileSync(`${next}/inputs.json`, JSON.stringify({ startedAt, inputs: Object.keys(result.metafile.inputs), outputs }, null, 1));
  const old = `${target.outdir}.old-${process.pid}`;
  if (existsSync(target.outdir)) renameSync(target.outdir, old);
  try {
    renameSync(next, target.outdir);
  } catch (error) {
    // Another compile swapped its folder in meanwhile (two test runs started at once): it is as new as this one.
    if (error.code !== "ENOTEMPTY" && error.code !== "EEXIST") throw error;
    rmSync(next, { recursive: true, force: true });
  }
  rmSync(old, { recursive: true, force: true });
  // On stderr: the commands' pre-scripts run this before a command whose output may be piped (a CSV export).
  console.error(`${target.outdir}: compiled in ${Math.round(performance.now() - started)} ms`);
}
