import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { content } from "#content";
import { renderWorldMap, worldMapFile } from "../build-world-map";

describe("the importer page's world map", () => {
  const committed = readFileSync(worldMapFile, "utf8");

  it("is the committed output of generators/build-world-map.ts for the estate's position", () => {
    expect(committed).toBe(renderWorldMap(content.site.geo));
  });

  it("is small: under 60 KB", () => {
    expect(Buffer.byteLength(committed)).toBeLessThan(60 * 1024);
  });

  it("is a self-contained SVG that loads nothing from elsewhere", () => {
    expect(committed).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1000 480"/);
    expect(committed).not.toMatch(/href|<image|<script|url\(/);
  });

  it("puts the marker in western Europe, where the estate is", () => {
    const [, x, y] = /<circle cx="([\d.]+)" cy="([\d.]+)" r="7"/.exec(committed)!.map(Number);
    // Equal Earth over 1000×480 without Antarctica: Bordeaux lies just left of the middle, in the upper third.
    expect(x).toBeGreaterThan(470);
    expect(x).toBeLessThan(510);
    expect(y).toBeGreaterThan(80);
    expect(y).toBeLessThan(140);
    // Another position draws the marker elsewhere.
    expect(renderWorldMap({ latitude: 0, longitude: 60 })).not.toContain(`cx="${x!.toFixed(1)}" cy="${y!.toFixed(1)}"`);
  });
});
