/* global console, performance */
// Compiles the server ahead of time into build-server/ (what `npm start` runs with plain node):
// server/main.ts and the commands it starts in a child process, each bundled with the project's
// own modules (server/, content/, core/, forms/, locales/, presentation/), the packages left to
// node_modules/. Sources stay where they are: the server reads its content folder, stylesheet and
// password list from the project at run time (server/project.ts).
import { rmSync } from "node:fs";
import { build } from "esbuild";

const outdir = "build-server";
rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  entryPoints: ["server/main.ts", "server/commands/backup.ts", "server/commands/restore.ts", "server/commands/staff.ts", "server/commands/submissions.ts"],
  outbase: "server",
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  packages: "external",
  sourcemap: "linked",
  jsx: "automatic",
  logLevel: "warning",
  // The one package.json the output finds walking up is the project's ("type": "module").
});
console.log(`build-server: the server compiled in ${Math.round(performance.now() - started)} ms`);
