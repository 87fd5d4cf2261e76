/**
 * Draws the importer page's world map (spec §2 "global presence map") locally, so the page loads
 * nothing from another site: Natural Earth land at 1:110m (world-atlas), projected with d3-geo,
 * Antarctica left out, and a marker at the estate (content/site.json `geo`).
 *
 * Run `npx tsx generators/build-world-map.ts` after changing it or the estate's position; the output,
 * content/images/maps/world-map.svg, is committed and a unit test checks it is up to date.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { geoEqualEarth, geoPath } from "d3-geo";
import { content } from "#content";
import type { MultiPolygon, Polygon, Position } from "geojson";
import { feature } from "topojson-client";
import type { GeometryCollection, Topology } from "topojson-specification";

export const worldMapFile = fileURLToPath(new URL("../content/images/maps/world-map.svg", import.meta.url));

const width = 1000;
const height = 480;

/** Theme colours (app/app.css): land in gold-200 on cream, the marker in wine-700 with a cream ring. */
const colours = { sea: "#fbf8f2", land: "#e8d6b3", coast: "#c9a56a", marker: "#6b1f35", ring: "#fbf8f2" };

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, "utf8")) as T;
}

/** Drops the polygons that lie wholly south of 60°S (Antarctica): they would fill a third of the map. */
function withoutAntarctica(geometry: Polygon | MultiPolygon): MultiPolygon {
  const polygons: Position[][][] = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.coordinates;
  return { type: "MultiPolygon", coordinates: polygons.filter((rings) => rings[0]!.some(([, lat]) => lat! > -60)) };
}

/** The SVG text of the map with the estate's marker at `geo`. */
export function renderWorldMap(geo: { latitude: number; longitude: number }): string {
  const topology = readJson<Topology<{ land: GeometryCollection }>>(fileURLToPath(import.meta.resolve("world-atlas/land-110m.json")));
  const land = feature(topology, topology.objects.land);
  const geometries = land.features.map((f) => withoutAntarctica(f.geometry as Polygon | MultiPolygon));
  const world: MultiPolygon = { type: "MultiPolygon", coordinates: geometries.flatMap((g) => g.coordinates) };

  const projection = geoEqualEarth().fitExtent(
    [
      [8, 8],
      [width - 8, height - 8],
    ],
    world,
  );
  const path = geoPath(projection).digits(1);
  const [x, y] = projection([geo.longitude, geo.latitude])!;
  const at = (n: number) => n.toFixed(1);

  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">
<rect width="${width}" height="${height}" fill="${colours.sea}"/>
<path fill="${colours.land}" stroke="${colours.coast}" stroke-width="0.6" stroke-linejoin="round" d="${path(world)}"/>
<circle cx="${at(x)}" cy="${at(y)}" r="16" fill="${colours.marker}" fill-opacity="0.18"/>
<circle cx="${at(x)}" cy="${at(y)}" r="7" fill="${colours.marker}" stroke="${colours.ring}" stroke-width="2.5"/>
</svg>
`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const svg = renderWorldMap(content.site.geo);
  writeFileSync(worldMapFile, svg);
  console.log(`world map written to ${worldMapFile} (${(svg.length / 1024).toFixed(1)} KB)`);
}
