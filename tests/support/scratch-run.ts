import { scratchFolder } from "./scratch";

/**
 * A global setup of every vitest project (vitest.config.ts): one folder for the run's temporary
 * folders, the workers' TMPDIR (they start after it, with its environment), removed at the end.
 * Each test file makes its own inside it (./scratch-per-file.ts).
 */
export default function setup(): () => void {
  return scratchFolder("lescours-run-").remove;
}
