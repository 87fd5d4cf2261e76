import { mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileCatalogs } from "../compile";

const stamps = (dir: string) => Object.fromEntries(readdirSync(dir).map((name) => [name, statSync(join(dir, name)).mtimeMs]));

describe("npm run i18n", () => {
  // `npm test` runs the build (which compiles the catalogs again) beside the unit tests that read them.
  it("leaves compiled catalogs that are already right untouched, and rewrites one that is not", () => {
    const dir = `${mkdtempSync(join(tmpdir(), "lescours-i18n-"))}/`;
    compileCatalogs(dir);
    const past = new Date(Date.now() - 60_000);
    for (const name of readdirSync(dir)) utimesSync(join(dir, name), past, past);
    const before = stamps(dir);
    const [first] = Object.keys(before);
    writeFileSync(join(dir, first!), "{}\n");
    utimesSync(join(dir, first!), past, past);

    compileCatalogs(dir);

    const after = stamps(dir);
    const rewritten = Object.keys(after).filter((name) => after[name] !== before[name]);
    expect(rewritten).toEqual([first]);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, first!), "utf8"))).length).toBeGreaterThan(100);
  });
});
