/**
 * A benchmark's temporary folders, and those of the servers and commands it starts (they inherit
 * `TMPDIR`), in one folder of the system's temporary folder that goes when the benchmark exits, as
 * the tests' do (tests/support/scratch.ts): the benchmarks once left their data folders, copies of
 * the content and builds in /tmp, a gigabyte or more over a few runs. Imported first, for its
 * effect, by each benchmark that makes such folders. A benchmark stopped by a signal leaves its
 * folder (its name starts `lescours-bench-`).
 */
import { scratchFolder } from "../tests/support/scratch";

const scratch = scratchFolder("lescours-bench-");
process.on("exit", scratch.remove);
