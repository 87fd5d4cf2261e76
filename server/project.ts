/**
 * Where the server runs from: the project folder, and whether this is the compiled server
 * (`build-server/`, what `npm start` runs) or its TypeScript sources (development and tests).
 * Found from this module's own address, walking up to the folder that holds package.json, so it
 * holds from `server/`, from `build-server/` and from `build-server/commands/` alike.
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

/** Whether this process runs the compiled server (scripts/build-server.mjs), not its sources through tsx. */
export const compiled = import.meta.url.endsWith(".js");

/** The arguments of `node` that run one of the server's commands (server/commands/<name>.ts): compiled when the server is. */
export const commandArgs = (name: string): string[] =>
  compiled ? [join(projectDir, "build-server", "commands", `${name}.js`)] : ["--import", "tsx", join(projectDir, "server", "commands", `${name}.ts`)];
