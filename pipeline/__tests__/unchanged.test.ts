import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { stampFile, unlessUnchanged } from "../unchanged";

describe("unlessUnchanged (the build steps npm test would otherwise run twice)", () => {
  const names: string[] = [];
  const stepName = (what: string) => {
    names.push(`test-${what}-${process.pid}-${names.length}`);
    return names.at(-1)!;
  };
  afterEach(() => {
    for (const name of names.splice(0)) rmSync(stampFile(name), { force: true });
  });

  it("runs a step again only when its input changed or one of its outputs is gone", async () => {
    const dir = mkdtempSync(join(tmpdir(), "unchanged-"));
    const output = join(dir, "sheet.jpg");
    const runs: string[] = [];
    const name = stepName("sheets");
    const step = (input: string) =>
      unlessUnchanged(name, input, [output], async () => {
        runs.push(input);
        writeFileSync(output, input);
      });

    expect(await step("wines v1")).toBe(true);
    expect(await step("wines v1")).toBe(false);
    expect(await step("wines v2")).toBe(true);
    rmSync(output);
    expect(await step("wines v2")).toBe(true);
    expect(await step("wines v2")).toBe(false);
    expect(runs).toEqual(["wines v1", "wines v2", "wines v2"]);
  });

  it("runs the step again after a run that failed", async () => {
    const name = stepName("failed");
    await expect(unlessUnchanged(name, "input", [], () => Promise.reject(new Error("font missing")))).rejects.toThrow("font missing");
    expect(await unlessUnchanged(name, "input", [], () => Promise.resolve())).toBe(true);
  });
});
