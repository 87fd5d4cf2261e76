/**
 * Typography rules of the stylesheet (app/app.css) that the native readers asked for, checked on
 * the source the build compiles: Japanese running text breaks under the strict line rules, not by
 * phrase; paragraphs leave no word alone on their last line; French fragments on Chinese and
 * Japanese pages (the two-line logo) keep Latin line heights.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const appDir = new URL("..", import.meta.url).pathname;
const stylesheet = readFileSync(join(appDir, "app.css"), "utf8");

/** Every innermost rule of a stylesheet: its selectors and its declarations (comments dropped). */
function rules(css: string): { selectors: string[]; declarations: Map<string, string> }[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  return [...text.matchAll(/([^{};]+)\{([^{}]*)\}/g)].map(([, prelude = "", body = ""]) => ({
    // Split on the commas between selectors, not those inside :is(…) or :not(…).
    selectors: prelude
      .trim()
      .split(/,(?![^(]*\))/)
      .map((selector) => selector.trim()),
    declarations: new Map(
      body
        .split(";")
        .map((declaration) => declaration.split(/:(.*)/s).map((part) => part.trim()))
        .filter(([property, value]) => property && value)
        .map(([property, value]) => [property!, value!]),
    ),
  }));
}

const all = rules(stylesheet);
/** Elements that hold running text: none of them may break by phrase. */
const runningText = /(^|[\s>(,])(html|body|main|article|section|p|li|dd|blockquote|figure|\*)(?=$|[\s.:[#>),])/;

/** Every component file of the app. */
function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? entry.name === "__tests__"
        ? []
        : componentFiles(join(dir, entry.name))
      : entry.name.endsWith(".tsx")
        ? [join(dir, entry.name)]
        : [],
  );
}

describe("the stylesheet", () => {
  it("keeps Japanese phrases whole only in headings, buttons and labels, never in running text", () => {
    const phrased = all.filter((rule) => rule.declarations.get("word-break") === "auto-phrase");
    expect(phrased.length).toBeGreaterThan(0);
    for (const rule of phrased) {
      const inner = rule.selectors.map((selector) => selector.replace(/^html\[lang="ja"\]\s*/, ""));
      expect(inner.filter((selector) => runningText.test(selector) || selector === "")).toEqual([]);
      expect(inner.join(" ")).toMatch(/\bh1\b/);
    }
    const utilities = componentFiles(appDir).filter((file) => /auto-phrase|break-keep|keep-all/.test(readFileSync(file, "utf8")));
    expect(utilities).toEqual([]);
  });

  it("wraps paragraphs, list items and definitions so that no word stands alone on their last line", () => {
    const pretty = all.filter((rule) => rule.declarations.get("text-wrap") === "pretty").flatMap((rule) => rule.selectors);
    expect(pretty).toEqual(expect.arrayContaining(["p", "li", "dd"]));
  });

  it("gives French words on Chinese and Japanese pages Tailwind's Latin line heights, every one the CJK rule changes", () => {
    // Tailwind 4's own values (node_modules/tailwindcss/theme.css), written out.
    const latin: Record<string, string> = {
      "--leading-relaxed": "1.625",
      "--text-xs--line-height": "calc(1 / 0.75)",
      "--text-sm--line-height": "calc(1.25 / 0.875)",
      "--text-base--line-height": "1.5",
      "--text-lg--line-height": "calc(1.75 / 1.125)",
      "--text-xl--line-height": "calc(1.75 / 1.25)",
      "--text-2xl--line-height": "calc(2 / 1.5)",
      "--text-3xl--line-height": "calc(2.25 / 1.875)",
      "--text-4xl--line-height": "calc(2.5 / 2.25)",
      "--text-5xl--line-height": "1",
      "--text-6xl--line-height": "1",
      "--text-7xl--line-height": "1",
    };
    const cjk = all.find((rule) => rule.selectors.includes('html[data-script="cjk"]'))!;
    const changed = [...cjk.declarations.keys()].filter((property) => property.startsWith("--"));
    expect(changed.sort()).toEqual(Object.keys(latin).sort());
    const french = all.find((rule) => rule.selectors.includes('html[data-script="cjk"] [lang="fr"]'))!;
    for (const property of changed) expect(french.declarations.get(property), property).toBe(latin[property]);
  });
});
