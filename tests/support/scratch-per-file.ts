/**
 * A setup file of every vitest project (vitest.config.ts), run before each test file: the file's
 * temporary folders (data folders, content copies, publishes, and what the servers it starts write
 * to TMPDIR) go in one folder of its own, inside the run's (./scratch-run.ts), removed after the
 * file's own `afterAll` hooks (a setup file's hooks come first, so its `afterAll` runs last).
 * Vitest runs no `afterAll` in a file whose every test is skipped: the run's folder takes its
 * empty folder with it.
 */
import { afterAll } from "vitest";
import { scratchFolder } from "./scratch";

const scratch = scratchFolder("lescours-test-");
afterAll(() => scratch.remove());
