import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../e2e/support/server";
import { fixtureBuild } from "./support/fixtures";

/**
 * What the compiled server loads before it listens: every module its requests need at once, and
 * not the packages of an occasional download. exceljs (with its zip libraries) was a seventh of a
 * start's CPU, on every start and restart, for the workbook the office downloads now and then.
 */
let server: RunningServer | null = null;
afterAll(async () => {
  await server?.stop();
});

describe("a compiled server's start", () => {
  it("loads the web framework and its database driver, and not exceljs, which the first workbook loads", async () => {
    const recorded = join(mkdtempSync(join(tmpdir(), "lescours-imports-")), "imports.txt");
    server = await startServer({
      buildDir: fixtureBuild(),
      preload: [new URL("../../tests/support/record-imports.mjs", import.meta.url).pathname],
      env: { RECORD_IMPORTS_FILE: recorded, LOG_LEVEL: "warn" },
    });
    const loaded = new Set(readFileSync(recorded, "utf8").split("\n"));
    expect(loaded).toContain("fastify");
    expect([...loaded].filter((specifier) => /exceljs|unzipper/.test(specifier))).toEqual([]);
  });
});
