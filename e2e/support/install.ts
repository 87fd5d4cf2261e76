import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The project these tests belong to: the copy's source. */
const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

/** A test file or a test's support, which an install does not need. */
const isTest = (path: string) => /(^|\/)__tests__\//.test(path) || /^(e2e|tests)\//.test(path);

/** What `npm run build` leaves beside the sources besides the two builds, all ignored by git (docs/deployment.md, section 1). */
const builtBeside = ["locales/compiled", "app/fonts", "public/summaries"];

/**
 * Installs a copy of the project into `into` (made if missing) as docs/deployment.md has the
 * estate install it: the files of a clone (git's list of tracked and new files, without .git),
 * less the tests; what `npm run build` made (`build-server/`, the compiled catalogs, the cut
 * fonts, the summaries, and `build/` unless `site` is false: a test that serves another build).
 * Files keep their modification times, so the compiled server stays newer than its sources, as
 * after a build (scripts/build-server.mjs `--if-stale`). Nothing of this project's own data comes
 * along: no `.env`, no `data/`, no `build-published/`.
 *
 * The packages are this project's, never downloaded again: `modules: "all"` links its whole
 * `node_modules` (a **symlink**: 1.3 GB, what `npm install` leaves); `"production"` makes a
 * `node_modules` folder of one symlink per package that package-lock.json does not mark `dev`
 * (405 of 1,141), as `npm prune --omit=dev` would leave it: no tsx, no Vite, no `.bin/`.
 * Returns the copy's folder.
 */
export function installCopy(into: string, options: { site?: boolean; modules?: "all" | "production" } = {}): string {
  const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "-z"], { cwd: projectRoot, encoding: "utf8" })
    .split("\0")
    .filter((path) => path !== "" && !isTest(path) && existsSync(join(projectRoot, path)));
  for (const path of files) {
    mkdirSync(dirname(join(into, path)), { recursive: true });
    cpSync(join(projectRoot, path), join(into, path), { preserveTimestamps: true });
  }
  for (const path of ["build-server", ...(options.site === false ? [] : ["build"])]) {
    if (!existsSync(join(projectRoot, path))) throw new Error(`${path} is missing: run "npm run build" first`);
    cpSync(join(projectRoot, path), join(into, path), { recursive: true, preserveTimestamps: true });
  }
  // Made by a build too; the integration tests run before `npm run build` in `npm test`, when some may not exist yet.
  for (const path of builtBeside.filter((path) => existsSync(join(projectRoot, path)))) {
    cpSync(join(projectRoot, path), join(into, path), { recursive: true, preserveTimestamps: true });
  }
  if (options.modules === "production") productionModules(join(into, "node_modules"));
  else symlinkSync(join(projectRoot, "node_modules"), join(into, "node_modules"));
  return into;
}

/** The project's packages without the development ones, each a symlink to this project's copy. */
function productionModules(into: string): void {
  const lock = JSON.parse(readFileSync(join(projectRoot, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean }> };
  const packages = Object.entries(lock.packages).filter(([path, entry]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(path) && !entry.dev);
  if (packages.some(([path]) => path === "node_modules/tsx"))
    throw new Error("tsx is a production package again: the server and its commands must run without it");
  for (const [path] of packages) {
    const link = join(into, path.slice("node_modules/".length));
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(join(projectRoot, path), link);
  }
}
