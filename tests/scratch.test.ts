import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
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
});
