import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cutAround } from "../og-images";
import { whyNotQuick } from "../quick-build";
import { pictureDigests, rendererCodeDigest, rendererEnvironment, type RendererManifest } from "../renderer";
import { characterSet, latinSiteText } from "../fonts/site-text";

/**
 * When a publish may render the pages with the served build's kept bundle (./quick-build.ts) rather
 * than build the whole site, and the link-preview cuts around a photograph's focus (./og-images.ts).
 * That a quick build writes the same pages as a full one is proved in the browser test of the
 * editor (e2e/content-editor.test.ts), whose preview lists exactly the pages the change touches.
 */
function imagesWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "quick-images-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

describe("a quick build or a whole one", () => {
  const images = imagesWith({ "scenes/cellar.jpg": "cellar", "scenes/estate-hero.jpg": "hero", "bottles/chateau-2020.png": "bottle", "maps/world.svg": "map" });
  const manifest = (): RendererManifest => ({
    code: rendererCodeDigest(),
    env: rendererEnvironment(process.env),
    pictures: { ...pictureDigests(images), "maps/world.svg": "old" },
    added: {},
    characters: characterSet(latinSiteText()).join(""),
  });

  it("reuses a bundle made from the same code, environment and characters, whatever the scenes and bottles became", () => {
    const current = manifest();
    // The map is no scene: pretend it is unchanged by not listing it.
    const { "maps/world.svg": _map, ...pictures } = current.pictures;
    expect(whyNotQuick({ ...current, pictures }, images)).toBeNull();
    expect(whyNotQuick({ ...current, pictures: { ...pictures, "scenes/cellar.jpg": "another" } }, images)).toBeNull();
  });

  it("builds the whole site without a bundle, for other code, another address, a character the fonts lack, or a changed home poster or map", () => {
    const { "maps/world.svg": _map, ...pictures } = manifest().pictures;
    const good = { ...manifest(), pictures };
    expect(whyNotQuick(null, images)).toBe("no-bundle");
    expect(whyNotQuick({ ...good, code: "0".repeat(64) }, images)).toBe("code");
    expect(whyNotQuick({ ...good, env: { ...good.env, siteUrl: "https://elsewhere.example" } }, images)).toBe("environment");
    expect(whyNotQuick({ ...good, env: { ...good.env, year: good.env.year - 1 } }, images)).toBe("environment");
    expect(whyNotQuick({ ...good, characters: good.characters.replace("é", "") }, images)).toBe("fonts");
    expect(whyNotQuick({ ...good, pictures: { ...pictures, "scenes/estate-hero.jpg": "before" } }, images)).toBe("picture");
    expect(whyNotQuick(manifest(), images)).toBe("picture");
  });
});

describe("link-preview cuts around the focus", () => {
  it("keeps the focus in frame for a square and a 4:3 cut, inside the picture", () => {
    expect(cutAround(1200, 675, 1)).toEqual({ left: 263, top: 0, width: 675, height: 675 });
    expect(cutAround(1200, 675, 1, { x: 0.1, y: 0.5 })).toEqual({ left: 0, top: 0, width: 675, height: 675 });
    expect(cutAround(1200, 675, 1, { x: 0.8, y: 0.5 })).toEqual({ left: 525, top: 0, width: 675, height: 675 });
    expect(cutAround(1200, 675, 4 / 3, { x: 0.9, y: 0.2 })).toEqual({ left: 300, top: 0, width: 900, height: 675 });
  });
});
