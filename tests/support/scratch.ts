import { chmodSync, mkdtempSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Memory enough to hold the folders of the files that run at once, with room to spare. */
const memoryNeeded = 2 * 1024 ** 3;

/**
 * Where a test run's throwaway folders go: memory (/dev/shm) where the machine has enough of it
 * free (a container's may have 64 MB), else the system's temporary folder. The tests once left
 * about a gigabyte of data folders, content copies and publishes on the disk in a run, and a CI
 * machine's may have little free: a test server's `/healthz` rightly answers 503 below
 * DISK_MIN_FREE_MB, and once did so halfway through a run.
 */
function scratchParent(): string {
  try {
    const memory = statfsSync("/dev/shm");
    if (memory.bavail * memory.bsize >= memoryNeeded) return "/dev/shm";
  } catch {
    // No /dev/shm: the disk.
  }
  return tmpdir();
}

/**
 * A new folder for a test file's or a test run's temporary folders (in `parent`, by default
 * `scratchParent()`'s), made the process's temporary folder (`TMPDIR`, which `os.tmpdir()` reads
 * at each call and the processes it starts inherit): whatever the tests and their servers make
 * there goes when `remove` is called. Open to every user, as /tmp is, for what runs under another
 * (a PostgreSQL cluster run as `postgres`).
 */
export function scratchFolder(prefix: string, parent = scratchParent()): { path: string; remove: () => void } {
  const before = process.env.TMPDIR;
  const path = mkdtempSync(join(parent, prefix));
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
