import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { languages } from "#core/languages";
import { winesFileSchema } from "../schemas/wine";
import { ContentError, parseContent, validateContent } from "../validate";

const contentDir = fileURLToPath(new URL("..", import.meta.url));
const raw = () => JSON.parse(readFileSync(join(contentDir, "wines.json"), "utf8")) as { wines: Record<string, unknown>[] };
const { wines } = parseContent("wines.json", winesFileSchema, raw());
const byId = new Map(wines.map((wine) => [wine.id, wine]));

type Tree = { [key: string]: string | Tree };
const locale = (lang: string) => JSON.parse(readFileSync(new URL(`../../locales/${lang}/wines.json`, import.meta.url), "utf8")) as Tree;
const get = (tree: Tree, ...path: string[]): unknown => path.reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], tree);

/** Throws the content error for `data` and returns its message. */
function problem(data: unknown): string {
  try {
    parseContent("wines.json", winesFileSchema, data);
  } catch (error) {
    expect(error).toBeInstanceOf(ContentError);
    return (error as Error).message;
  }
  throw new Error("expected the content to be rejected");
}

describe("the wines' ratings (spec §3)", () => {
  it("are three for the 2020 and 2019 Château, four for the 2018 (one a medal without quote), none for Cuvée 9", () => {
    expect(wines.map((wine) => [wine.id, wine.ratings.length])).toEqual([
      ["chateau-2020", 3],
      ["chateau-2019", 3],
      ["chateau-2018", 4],
      ["cuvee9-2019", 0],
      ["cuvee9-2020", 0],
    ]);
    const medals = byId.get("chateau-2018")!.ratings.filter((rating) => !rating.score.includes("/"));
    expect(medals).toHaveLength(1);
    expect(medals[0]!.quote).toBe("");
    for (const wine of wines.filter((w) => w.id !== "chateau-2018")) {
      for (const rating of wine.ratings) expect(rating.quote, `${wine.id} ${rating.critic}`).not.toBe("");
    }
  });

  it("credit only invented reviewers and competitions, never a real one", () => {
    const real =
      /parker|wine advocate|spectator|enthusiast|decanter|suckling|vinous|galloni|jancis|robinson|dunnuck|gilbert|gaillard|hachette|bettane|desseauve|gault|millau|revue du vin de france|rvf|falstaff|atkin|concours g[ée]n[ée]ral|agricole|mundus|bruxelles|iwsc|iwc|international wine challenge|quarin|anson|wine cellar insider|vinalies|citadelles|feminalise|perrotti|neal martin|beck|del monego|wine & spirits|winedoctor/i;
    const critics = new Set(wines.flatMap((wine) => wine.ratings.map((rating) => rating.critic)));
    expect(critics.size).toBeGreaterThan(0);
    for (const critic of critics) expect(critic).not.toMatch(real);
  });

  it("have a translated quote in every language for each non-empty quote, and every wine has tasting notes", () => {
    for (const lang of languages) {
      const messages = locale(lang);
      for (const wine of wines) {
        expect(get(messages, "wineContent", wine.id, "tastingNotes"), `${lang} ${wine.id}`).toEqual(expect.any(String));
        for (const rating of wine.ratings.filter((r) => r.quote !== "")) {
          expect(get(messages, "wineContent", wine.id, "ratings", rating.critic), `${lang} ${wine.id} ${rating.critic}`).toEqual(
            expect.any(String),
          );
        }
      }
    }
  });
});

describe("a broken wines.json", () => {
  it("names the entry and the field of a bad score", () => {
    const data = raw();
    const ratings = data.wines[0]!.ratings as Record<string, unknown>[];
    ratings[1] = { ...ratings[1], score: "ninety" };
    expect(problem(data)).toMatch(/wines\.json: wines\[0\] \(chateau-2020\) → ratings\[1\] → score: must be points/);
  });

  it("names a critic whose name cannot be a translation key", () => {
    const data = raw();
    const ratings = data.wines[1]!.ratings as Record<string, unknown>[];
    ratings[0] = { ...ratings[0], critic: "Wine.Review" };
    expect(problem(data)).toContain("wines.json: wines[1] (chateau-2019) → ratings[0] → critic: must not contain a dot");
  });

  it("names a malformed blend, a negative price and an unknown field", () => {
    const data = raw();
    data.wines[3] = { ...data.wines[3], blend: "merlot+cab", price: -5, colour: "red" };
    const message = problem(data);
    expect(message).toContain("wines.json: wines[3] (cuvee9-2019) → blend: must look like");
    expect(message).toContain("wines.json: wines[3] (cuvee9-2019) → price:");
    expect(message).toContain('wines.json: wines[3] (cuvee9-2019): Unrecognized key: "colour"');
  });

  it("names a duplicated id and a critic rating the same wine twice", () => {
    const data = raw();
    data.wines[4] = { ...data.wines[4], id: "cuvee9-2019" };
    const ratings = data.wines[0]!.ratings as Record<string, unknown>[];
    ratings[2] = { ...ratings[2], critic: ratings[0]!.critic };
    const message = problem(data);
    expect(message).toContain("wines.json: wines[4] (cuvee9-2019) → id: duplicate id cuvee9-2019");
    expect(message).toMatch(/wines\.json: wines\[0\] \(chateau-2020\) → ratings\[2\] → critic: .* rates this wine twice/);
  });

  it("stops the build when a wine has no bottle image", () => {
    const dir = mkdtempSync(join(tmpdir(), "content-"));
    try {
      cpSync(contentDir, dir, { recursive: true, filter: (source) => !source.endsWith("chateau-2018.png") && !source.includes("__tests__") });
      expect(() => validateContent(dir)).toThrow(
        "wines.json: wines[2] (chateau-2018) → id: no bottle image at content/images/bottles/chateau-2018.png",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
