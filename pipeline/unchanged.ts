/**
 * Build steps that can be skipped when nothing they read has changed: the font subsets and the
 * summary sheets. `npm test` builds twice (`build`, then `build:dev`), and a publish from the
 * content editor builds again (pipeline/publish-build.ts); drawing the 25 sheets alone takes about
 * 25 s of CPU (docs/benchmarks.md, "The full test run"). Each step writes a stamp, a digest of
 * everything it read (its content input, its own code and the locked package versions), into
 * `node_modules/.cache/build-steps/` (outside `public/`, whose every file the build publishes);
 * the next run with the same digest, and every output still there, skips the step.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const stamps = join(root, "node_modules", ".cache", "build-steps");

/** A digest of a value, byte arrays included (hashed as bytes, not as JSON objects). */
export function digest(value: unknown): string {
  const hash = createHash("sha256");
  hash.update(JSON.stringify(value, (_key, inner: unknown) => (inner instanceof Uint8Array ? createHash("sha256").update(inner).digest("hex") : inner)));
  return hash.digest("hex");
}

/**
 * A digest of the source files a step runs (every `.ts` file in the given folders of the project,
 * tests left out) and of `package-lock.json`, which pins the packages it draws with. Whole folders
 * rather than a list of files: a helper added to one of them is covered without anyone
 * remembering to list it.
 */
export function codeDigest(folders: string[]): string {
  const files = folders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts") && !file.includes("__tests__"))
      .map((file) => join(folder, file)),
  );
  files.sort();
  return digest([...files, "package-lock.json"].map((file) => [file, readFileSync(join(root, file))]));
}

/** The file holding the input the step `name` last ran on. */
export const stampFile = (name: string) => join(stamps, `${name}.input`);

/**
 * Runs the step `name`'s `work` unless its stamp holds `input` (what it last ran on) and every
 * output exists; writes the stamp after a run that succeeded. Resolves to whether the work ran.
 */
export async function unlessUnchanged(name: string, input: string, outputs: string[], work: () => Promise<unknown>): Promise<boolean> {
  const stamp = stampFile(name);
  const same = existsSync(stamp) && readFileSync(stamp, "utf8") === input && outputs.every((file) => existsSync(file));
  if (same) return false;
  await work();
  mkdirSync(stamps, { recursive: true });
  writeFileSync(stamp, input);
  return true;
}
