import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchFolder } from "./support/scratch";
import { tempDataDir } from "../server/__tests__/support/fixtures";

describe("the tests' temporary folders", () => {
  it("are made in a folder of this test file's own, which the servers it starts inherit as TMPDIR", () => {
    const folder = tmpdir();
    expect(basename(folder)).toMatch(/^lescours-test-/);
    expect(process.env.TMPDIR).toBe(folder);
    expect(dirname(tempDataDir())).toBe(folder);
  });

  it("go, with all they hold, when the folder is removed, and the temporary folder before it comes back", () => {
    const before = tmpdir();
    const scratch = scratchFolder("lescours-scratch-probe-");
    expect(tmpdir()).toBe(scratch.path);
    const inside = mkdtempSync(join(tmpdir(), "lescours-data-"));
    writeFileSync(join(inside, "site.db"), "rows");

    scratch.remove();
    expect(existsSync(scratch.path)).toBe(false);
    expect(tmpdir()).toBe(before);
  });

  it("of a benchmark (bench/scratch.ts) go when it exits, with what it and the processes it started made there", () => {
    // A benchmark in miniature: its data folder, and a folder made by a process it starts.
    const script = [
      'import "./bench/scratch.ts";',
      'import { execFileSync } from "node:child_process";',
      'import { mkdtempSync, writeFileSync } from "node:fs";',
      'import { tmpdir } from "node:os";',
      'import { join } from "node:path";',
      'const data = mkdtempSync(join(tmpdir(), "lescours-bench-data-"));',
      'writeFileSync(join(data, "site.db"), "rows");',
      'execFileSync(process.execPath, ["-e", "fs.mkdtempSync(path.join(os.tmpdir(), \'lescours-child-\'))"]);',
      "console.log(tmpdir());",
    ].join("\n");
    const ran = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(ran.status, ran.stderr).toBe(0);
    const folder = ran.stdout.trim();
    expect(dirname(folder)).toBe(tmpdir());
    expect(basename(folder)).toMatch(/^lescours-bench-/);
    expect(existsSync(folder)).toBe(false);
    expect(readdirSync(tmpdir()).filter((name) => name.startsWith("lescours-bench-") || name.startsWith("lescours-child-"))).toEqual([]);
  });
});
