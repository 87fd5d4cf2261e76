/**
 * docs/i18n.md says what adding a language takes. This test takes those steps on a copy of the
 * project (tests/support/stub-language.ts: German, with the English text everywhere) and checks
 * what they give: the catalogs compile, every content file parses, the build's prerender list,
 * structured data, dates, times and prices include the language, and the files the steps touch
 * typecheck; and that leaving a step out fails where the docs say it does (a missing catalog is a
 * type error in locales/index.ts, a content field without the language is named by the content
 * check). A full `npm run build` and `npm run typecheck` of such a copy take minutes on this
 * machine, too long for every test run: they were run by hand (docs/i18n.md says when and what
 * they showed).
 */
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyProject, steps, stub } from "./support/stub-language";

const run = promisify(execFile);
const root = new URL("..", import.meta.url).pathname;
/** Whole processes on a copy: generous, as each waits for an exit and a busy machine is slow. */
const limit = 300_000;

let copy: string;
let compiled = "";
beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), "sixth-language-"));
  copyProject(copy);
  for (const step of Object.values(steps)) step(copy);
  // The copy's catalogs compiled once, whatever order the tests run in (the first test checks what this says).
  compiled = (await tsx(["pipeline/i18n/compile.ts"])).stdout;
}, limit);
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

const tsx = (args: string[]) => run(join(root, "node_modules/.bin/tsx"), args, { cwd: copy, maxBuffer: 16 * 1024 * 1024 });

describe("a sixth language, added by the steps of docs/i18n.md", () => {
  it(
    "compiles its catalog with the others",
    async () => {
      expect(compiled).toContain(`compiled for en, fr, zh, es, ja, ${stub.code};`);
    },
    limit,
  );

  it(
    "gets its pages, its structured data and its dates, times and prices; content without it is refused field by field",
    async () => {
      const { stdout } = await tsx(["tests/support/stub-language-probe.ts", join(root, "content")]);
      const probe = JSON.parse(stdout) as Record<string, unknown> & { pages: string[]; contentWithoutIt: string[] };
      expect(probe.languages).toEqual(["en", "fr", "zh", "es", "ja", "de"]);
      expect(probe.tag).toBe("de");
      expect(probe.ogLocale).toBe("de_DE");
      expect(probe.pages).toEqual(
        expect.arrayContaining(["/de", "/de/shop", "/de/shop/chateau-2020", "/de/legal-notice", "/de/__not-found", "/de/shop/__not-found"]),
      );
      expect(probe.pages).toHaveLength(19);
      expect(probe.home).toBe("Home");
      expect(probe.date).toBe("1. März 2027");
      expect(probe.eventDate).toBe("Montag, 1. März 2027");
      expect(probe.time).toBe("9:30");
      expect(probe.price).toBe("149,50\u00a0€");
      expect(probe.availableLanguage).toEqual(["en", "fr", "zh-Hans", "es", "ja", "de"]);
      // The project's own content, without the language: each field is named.
      expect(probe.contentWithoutIt).toEqual(
        expect.arrayContaining([
          "grapes.json: Merlot → de: Invalid input: expected string, received undefined",
          "wines/chateau-2020.json: tastingNotes → de: Invalid input: expected string, received undefined",
          "news/harvest-2026.json: title → de: Invalid input: expected string, received undefined",
        ]),
      );
    },
    limit,
  );

  it(
    "typechecks where it is added, and a catalog left out is a type error in locales/index.ts",
    async () => {
      // The project's locales/index.ts beside the copy's: the same module without the stub's catalog.
      cpSync(join(root, "locales/index.ts"), join(copy, "locales/index-without-stub.ts"));
      writeFileSync(
        join(copy, "tsconfig.language.json"),
        JSON.stringify({ extends: "./tsconfig.json", include: ["core/*.ts", "locales/*.ts", "content/*.ts", "content/schemas/*.ts"] }),
      );
      const errors = await run(join(root, "node_modules/.bin/tsc"), ["--noEmit", "-p", "tsconfig.language.json"], { cwd: copy }).then(
        () => "",
        (failure: { stdout: string }) => failure.stdout,
      );
      const files = [...new Set(errors.split("\n").flatMap((line) => /^([^\s(]+)\(\d+,\d+\): error/.exec(line)?.[1] ?? []))];
      expect(files).toEqual(["locales/index-without-stub.ts"]);
      expect(errors).toContain(`Property '${stub.code}' is missing`);
    },
    limit,
  );
});
