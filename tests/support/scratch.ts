import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A new folder for a test file's or a test run's temporary folders, in the temporary folder, made
 * the process's temporary folder (`TMPDIR`, which `os.tmpdir()` reads at each call and the
 * processes it starts inherit): whatever the tests and their servers make there goes when `remove`
 * is called. Open to every user, as /tmp is, for what runs under another (a PostgreSQL cluster run
 * as `postgres`).
 *
 * The tests once left about a gigabyte of data folders, content copies and publishes in /tmp in a
 * run, and a CI machine's disk may have little free: a test server's `/healthz` rightly answers
 * 503 below DISK_MIN_FREE_MB, and once did so halfway through a run. On the disk, not in memory
 * (/dev/shm), where no run was quicker (docs/benchmarks.md).
 */
export function scratchFolder(prefix: string): { path: string; remove: () => void } {
  const before = process.env.TMPDIR;
  const path = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(path, 0o1777);
  process.env.TMPDIR = path;
  return {
    path,
    remove: () => {
      if (before === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = before;
      rmSync(path, { recursive: true, force: true });
    },
  };
}
