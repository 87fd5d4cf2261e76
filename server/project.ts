/**
 * Where the server runs from: the project folder, where it reads every file it needs at run time
 * (its stylesheet, the site's icon, its compiled commands). Found from this module's
 * own address by walking up to the folder that holds package.json, so it holds from `server/`,
 * from `build-server/` and from `build-server/commands/` alike; nothing may name a file relative
 * to a module's own address, which changes when the server is bundled (issue 46).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findProject(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("The project folder (with package.json) was not found above the server");
    dir = parent;
  }
  return dir;
}

/** The project folder (the one holding package.json and node_modules/). */
export const projectDir = findProject();

/** A file kept beside the server's sources (its stylesheet, its list of common passwords), read from the project. */
export const serverFile = (path: string) => join(projectDir, "server", path);

/**
 * The arguments of `node` that run one of the server's commands: compiled (`build-server/commands/<name>.js`, as
 * `npm run <name>` runs it), also from a server run from its sources (the in-process tests), so no TypeScript loader runs.
 */
export const commandArgs = (name: string): string[] => [join(projectDir, "build-server", "commands", `${name}.js`)];
