/**
 * The browser tests move a server's clock with a preload (e2e/support/shift-clock.ts, compiled into
 * build-server-test/); the server must read dates with it exactly as without it, but for the shift.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { shiftClock } from "../e2e/support/server";

/** What a Node process prints for `script` (an ES module), with the preload and a shift of `shiftMs`, or without it. */
function run(script: string, shiftMs: number | null): unknown {
  const dir = mkdtempSync(join(tmpdir(), "lescours-shift-"));
  const file = join(dir, "shift");
  writeFileSync(file, String(shiftMs ?? 0));
  const args = [...(shiftMs === null ? [] : ["--import", shiftClock]), "--import", "tsx", "--input-type=module", "-e", script];
  return JSON.parse(execFileSync(process.execPath, args, { encoding: "utf8", env: { ...process.env, CLOCK_SHIFT_FILE: file } }));
}

// The editor's reading of a `datetime-local` field, on the estate's clock, around midnight.
const moments = `
import { momentFromParis } from "${new URL("../server/admin/content/form-model.ts", import.meta.url).pathname}";
console.log(JSON.stringify(["2026-11-29T23:59", "2026-11-30T00:00", "2026-11-30T00:30", "2026-03-29T02:30", "2026-06-01T12:00"].map(momentFromParis)));
`;

describe("the clock a browser test moves", () => {
  it("reads the estate's moments as the server without it does, at midnight too", () => {
    const plain = run(moments, null) as (string | null)[];
    // Midnight in Paris is a moment of that day (the preload once made it none: the editor refused it).
    expect(plain.slice(0, 3)).toEqual(["2026-11-29T23:59:00+01:00", "2026-11-30T00:00:00+01:00", "2026-11-30T00:30:00+01:00"]);
    expect(run(moments, 0)).toEqual(plain);
    expect(run(moments, 61 * 60_000)).toEqual(plain);
  });

  it("moves Date.now() and new Date() by the shift, and nothing else of Date", () => {
    const [now, made, given, isDate, text] = run(
      `console.log(JSON.stringify([Date.now() - (performance.timeOrigin + performance.now()), new Date().getTime() - Date.now(), new Date(0).getTime(), new Date() instanceof Date, typeof Date()]))`,
      3_600_000,
    ) as [number, number, number, boolean, string];
    expect(now).toBeGreaterThan(3_600_000 - 1_000);
    expect(now).toBeLessThan(3_600_000 + 1_000);
    expect(Math.abs(made)).toBeLessThan(1_000);
    expect(given).toBe(0);
    expect(isDate).toBe(true);
    expect(text).toBe("string");
  });
});
