/**
 * Draws the placeholder artwork in content/images/: travel-poster illustrations of the estate
 * (layered SVG: gradients, silhouettes, vines in perspective, soft light) and the five bottles,
 * rasterised by sharp. The build turns these sources into AVIF, WebP and JPEG (app/lib/images.ts).
 *
 *   npm run artwork            # rewrites every file in content/images/
 *
 * The outputs are committed. Replace any file with a photograph of the same name and aspect ratio
 * (content/README.md). generators/make-hero-video.ts animates `estateHeroSvg` for the home page video.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { inflateSync } from "node:zlib";
import type { Sharp, SharpOptions } from "sharp";
import { readContent } from "#content";

/** Scene sources are 16:9; the largest width the build makes is 2000. */
export const W = 2000;
export const H = 1125;

// ---------------------------------------------------------------------------------------------
// Fonts: the labels use the site's own faces. librsvg finds fonts through fontconfig, which
// cannot read WOFF, so the @fontsource WOFF files are unpacked to plain TrueType in a temp folder.
// ---------------------------------------------------------------------------------------------

/** WOFF 1.0 → SFNT: the tables are zlib-compressed one by one behind a 44-byte header. */
export function woffToSfnt(woff: Buffer): Buffer {
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const o = 44 + i * 20;
    const offset = woff.readUInt32BE(o + 4);
    const compLength = woff.readUInt32BE(o + 8);
    const origLength = woff.readUInt32BE(o + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.toString("latin1", o, o + 4),
      checksum: woff.readUInt32BE(o + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector += 1;
  }
  const head = Buffer.alloc(12 + 16 * numTables);
  woff.copy(head, 0, 4, 8);
  head.writeUInt16BE(numTables, 4);
  head.writeUInt16BE(searchRange * 16, 6);
  head.writeUInt16BE(entrySelector, 8);
  head.writeUInt16BE(numTables * 16 - searchRange * 16, 10);
  const parts: Buffer[] = [head];
  let offset = head.length;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    head.write(table.tag, record, "latin1");
    head.writeUInt32BE(table.checksum, record + 4);
    head.writeUInt32BE(offset, record + 8);
    head.writeUInt32BE(table.data.length, record + 12);
    const pad = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(pad));
    offset += table.data.length + pad;
  });
  return Buffer.concat(parts);
}

/**
 * Aliases declared in the generated fonts.conf. Pango reads a trailing number or weight in a
 * family name as a size or style ("Source Sans 3 SemiBold"), so the drawings use plain aliases.
 */
export const fonts = {
  serif: "LabelSerif",
  serifItalic: "LabelSerifItalic",
  sans: "LabelSans",
};

const fontFamilies: Record<string, string> = {
  LabelSerif: "Cormorant Garamond SemiBold",
  LabelSerifItalic: "Cormorant Garamond Medium",
  LabelSans: "Source Sans 3 SemiBold",
};

/** Points fontconfig at the site's fonts, then loads sharp (which reads the setting once). */
export async function loadSharp(): Promise<(input: Buffer, options?: SharpOptions) => Sharp> {
  const require = createRequire(import.meta.url);
  const dir = mkdtempSync(join(tmpdir(), "artwork-fonts-"));
  const files = [
    "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-600-normal.woff",
    "@fontsource/cormorant-garamond/files/cormorant-garamond-latin-500-italic.woff",
    "@fontsource/source-sans-3/files/source-sans-3-latin-600-normal.woff",
  ];
  for (const file of files) {
    const name = file
      .split("/")
      .pop()!
      .replace(/\.woff$/, ".ttf");
    writeFileSync(join(dir, name), woffToSfnt(readFileSync(require.resolve(file))));
  }
  writeFileSync(
    join(dir, "fonts.conf"),
    `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>${dir}</dir><dir>/usr/share/fonts</dir><cachedir>${dir}/cache</cachedir>${Object.entries(
      fontFamilies,
    )
      .map(([alias, family]) => `<alias binding="strong"><family>${alias}</family><prefer><family>${family}</family></prefer></alias>`)
      .join("")}</fontconfig>`,
  );
  process.env.FONTCONFIG_FILE = join(dir, "fonts.conf");
  const { default: sharp } = await import("sharp");
  return (input, options) => sharp(input, options);
}

// ---------------------------------------------------------------------------------------------
// Drawing toolkit
// ---------------------------------------------------------------------------------------------

/** The estate's palette (app/app.css) plus the few natural colours the scenes need. */
const c = {
  wine950: "#220911",
  wine900: "#2e0d17",
  wine800: "#4a1526",
  wine700: "#6b1f35",
  wine600: "#8a2a45",
  gold600: "#8c6a33",
  gold500: "#b38b4d",
  gold400: "#c9a56a",
  gold200: "#e8d6b3",
  gold100: "#f3e8d3",
  cream50: "#fbf8f2",
  cream100: "#f5efe3",
  cream200: "#ebe2d0",
  ink900: "#1d1916",
  ink700: "#473f38",
  ink600: "#5c534b",
  leafDark: "#2c3320",
  leaf: "#4d5a32",
  leafLight: "#7d8a4a",
  stone: "#e6d5b5",
  stoneShade: "#b99c78",
  slate: "#4b4650",
};

/** A small seeded random generator, so every run draws the same pictures. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => Math.round(n * 10) / 10;

function linear(id: string, stops: [number, string, number?][], x2 = 0, y2 = 1): string {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map(([o, color, op]) => `<stop offset="${o}" stop-color="${color}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`)
    .join("")}</linearGradient>`;
}

function radial(id: string, stops: [number, string, number?][], cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${stops
    .map(([o, color, op]) => `<stop offset="${o}" stop-color="${color}"${op === undefined ? "" : ` stop-opacity="${op}"`}/>`)
    .join("")}</radialGradient>`;
}

/** A rolling ridge line from x0 to x1 around `y`, closed down to `bottom`. */
function ridge(y: number, amp: number, seed: number, { x0 = -200, x1 = W + 200, bottom = H + 10 } = {}): string {
  const rnd = random(seed);
  const waves = [0, 1, 2].map((i) => ({ k: (0.6 + rnd() * 1.2) * (i + 1), p: rnd() * Math.PI * 2, a: amp / (i + 1.4) }));
  const pts: string[] = [];
  for (let x = x0; x <= x1; x += 20) {
    const yy = y + waves.reduce((s, w) => s + w.a * Math.sin((x / W) * Math.PI * w.k + w.p), 0);
    pts.push(`${f(x)},${f(yy)}`);
  }
  return `M${x0},${bottom} L${pts.join(" L")} L${x1},${bottom}Z`;
}

/** The y of a ridge drawn with the same arguments, at x. */
function ridgeY(y: number, amp: number, seed: number, x: number): number {
  const rnd = random(seed);
  const waves = [0, 1, 2].map((i) => ({ k: (0.6 + rnd() * 1.2) * (i + 1), p: rnd() * Math.PI * 2, a: amp / (i + 1.4) }));
  return y + waves.reduce((s, w) => s + w.a * Math.sin((x / W) * Math.PI * w.k + w.p), 0);
}

interface FieldOptions {
  /** Vanishing point the rows run towards. */
  vx: number;
  vy: number;
  /** Where the field starts (its far edge) and how far apart rows are at the bottom edge. */
  top: number;
  spacing: number;
  leafDark: string;
  leafLight: string;
  soilFar: string;
  soilNear: string;
  seed: number;
  bottom?: number;
  id: string;
}

/** Rows of vines (hedges on wires) running away from the viewer towards a vanishing point. */
function vineField(o: FieldOptions): string {
  const bottom = o.bottom ?? H;
  const uTop = (o.top - o.vy) / (bottom - o.vy);
  const uEnd = 1.2;
  const rows: number[] = [];
  for (let bx = o.vx - 40 * o.spacing; bx <= o.vx + 40 * o.spacing; bx += o.spacing) rows.push(bx);
  // Outer rows first: the hedges nearer the middle stand in front of them.
  rows.sort((a, b) => Math.abs(b - o.vx) - Math.abs(a - o.vx));
  const samples = 140;
  let hedges = "";
  let ground = "";
  rows.forEach((bx, r) => {
    const at = (u: number) => ({ x: o.vx + (bx - o.vx) * u, y: o.vy + (bottom - o.vy) * u });
    const near = at(uEnd);
    const far = at(uTop);
    if (Math.max(near.x, far.x) < -250 || Math.min(near.x, far.x) > W + 250) return;
    const rightward = bx >= o.vx ? 1 : -1;
    const top: string[] = [];
    const low: string[] = [];
    const shine: string[] = [];
    const trunks: string[] = [];
    for (let i = 0; i <= samples; i += 1) {
      const u = 1 / (1 / uTop - (1 / uTop - 1 / uEnd) * (i / samples));
      const { x, y } = at(u);
      const height = o.spacing * 0.42 * u;
      const t = o.spacing * 0.1 * u;
      const bump = 1 + 0.1 * Math.sin(i * 0.55 + r * 2.3 + o.seed) + 0.06 * Math.sin(i * 1.3 + r);
      top.push(`${f(x + rightward * t)},${f(y - height * bump)}`);
      low.push(`${f(x - rightward * t)},${f(y - height * 0.32)}`);
      shine.push(`${f(x + rightward * t * 0.4)},${f(y - height * bump * 0.84)}`);
      if (i % 3 === 0 && u > 0.3) {
        trunks.push(`<path d="M${f(x)},${f(y)} v${f(-height * 0.36)}" stroke="#2a1d14" stroke-width="${f(Math.max(1, o.spacing * 0.035 * u))}"/>`);
      }
    }
    const first = at(uTop);
    const h0 = o.spacing * 0.42 * uTop;
    const cap = `${f(first.x - rightward * o.spacing * 0.1 * uTop)},${f(first.y - h0)}`;
    hedges += `${trunks.join("")}<path d="M${cap} L${top.join(" L")} L${low.reverse().join(" L")}Z" fill="${o.leafDark}"/>`;
    hedges += `<path d="M${top.join(" L")} L${shine.reverse().join(" L")}Z" fill="${o.leafLight}" opacity=".65"/>`;
    const g0 = at(uTop);
    const g1 = at(uEnd);
    const s0 = o.spacing * 0.16 * uTop;
    const s1 = o.spacing * 0.16 * uEnd;
    ground += `<path d="M${f(g0.x - s0)},${f(g0.y)} L${f(g0.x + s0)},${f(g0.y)} L${f(g1.x + s1)},${f(g1.y)} L${f(g1.x - s1)},${f(g1.y)}Z" fill="${o.leafDark}" opacity=".35"/>`;
  });
  return `<defs>${linear(`${o.id}-soil`, [
    [0, o.soilFar],
    [1, o.soilNear],
  ])}</defs><rect x="-300" y="${o.top}" width="${W + 600}" height="${bottom - o.top + 10}" fill="url(#${o.id}-soil)"/>${ground}${hedges}`;
}

/** Horizontal rows following the slope of a distant hill (contour planting). */
function hillRows(y: number, amp: number, seed: number, depth: number, color: string, highlight: string): string {
  const rnd = random(seed + 7);
  let out = "";
  for (let i = 0; i < depth; i += 1) {
    const yy = y + 8 + i * (6 + i * 0.9);
    const pts: string[] = [];
    for (let x = -200; x <= W + 200; x += 25) pts.push(`${x},${f(ridgeY(y, amp, seed, x) - y + yy)}`);
    const width = 2 + i * 0.45;
    out += `<polyline points="${pts.join(" ")}" fill="none" stroke="${color}" stroke-width="${f(width)}" stroke-dasharray="${f(6 + i * 1.5)} ${f(2 + rnd() * 2)}"/>`;
    out += `<polyline points="${pts.map((p) => p.replace(/,([\d.]+)$/, (_, v: string) => `,${f(Number(v) - width * 0.45)}`)).join(" ")}" fill="none" stroke="${highlight}" stroke-width="${f(width * 0.35)}" opacity=".55" stroke-dasharray="${f(5 + i)} ${f(4 + rnd() * 3)}"/>`;
  }
  return out;
}

interface ChateauColors {
  lit: string;
  shade: string;
  roof: string;
  roofShade: string;
  window: string;
}

/**
 * A Bordeaux château: a long two-storey house under a slate roof, between two round towers
 * with pointed roofs. Drawn around (0,0) = middle of the ground line, about 560 units wide.
 */
function chateau(x: number, y: number, s: number, col: ChateauColors): string {
  const windows = (x0: number, y0: number, n: number, gap: number, w: number, h: number) =>
    Array.from(
      { length: n },
      (_, i) => `<path d="M${x0 + i * gap},${y0 + h} v${-h + w / 2} a${w / 2},${w / 2} 0 0 1 ${w},0 v${h - w / 2}z" fill="${col.window}"/>`,
    ).join("");
  const tower = (tx: number, side: number) => `
    <rect x="${tx - 42}" y="-250" width="84" height="250" fill="${col.lit}"/>
    <rect x="${tx + (side > 0 ? 6 : -42)}" y="-250" width="36" height="250" fill="${col.shade}" opacity=".55"/>
    <path d="M${tx - 52},-250 L${tx},-400 L${tx + 52},-250z" fill="${col.roof}"/>
    <path d="M${tx},-400 L${tx + 52 * side},-250 L${tx + 10 * side},-250z" fill="${col.roofShade}"/>
    <line x1="${tx}" y1="-400" x2="${tx}" y2="-428" stroke="${col.roof}" stroke-width="3"/>
    <rect x="${tx - 56}" y="-256" width="112" height="10" fill="${col.shade}"/>
    ${windows(tx - 11, -200, 1, 0, 22, 44)}${windows(tx - 11, -110, 1, 0, 22, 48)}`;
  return `<g transform="translate(${x},${y}) scale(${s})">
    <rect x="-220" y="-175" width="440" height="175" fill="${col.lit}"/>
    <rect x="-220" y="-20" width="440" height="20" fill="${col.shade}" opacity=".5"/>
    <rect x="-228" y="-98" width="456" height="7" fill="${col.shade}" opacity=".6"/>
    <path d="M-232,-175 L-170,-262 L170,-262 L232,-175z" fill="${col.roof}"/>
    <path d="M170,-262 L232,-175 L120,-175z" fill="${col.roofShade}"/>
    <rect x="-120" y="-300" width="22" height="60" fill="${col.shade}"/><rect x="100" y="-300" width="22" height="60" fill="${col.shade}"/>
    ${[-110, -30, 50, 130].map((dx) => `<path d="M${dx - 14},-196 v-22 l14,-14 l14,14 v22z" fill="${col.lit}"/><rect x="${dx - 7}" y="-222" width="14" height="20" fill="${col.window}"/>`).join("")}
    <path d="M-60,-175 L0,-215 L60,-175z" fill="${col.lit}" stroke="${col.shade}" stroke-width="4"/>
    ${windows(-190, -160, 4, 42, 20, 46)}${windows(76, -160, 4, 42, 20, 46)}
    ${windows(-190, -78, 4, 42, 20, 52)}${windows(76, -78, 4, 42, 20, 52)}
    <path d="M-22,0 v-58 a22,22 0 0 1 44,0 v58z" fill="${col.window}"/>
    ${windows(-10, -160, 1, 0, 20, 46)}
    ${tower(-250, -1)}${tower(250, 1)}
  </g>`;
}

/** A round-crowned tree and a slim poplar, as silhouettes. */
function tree(x: number, y: number, r: number, fill: string, light?: string): string {
  return `<g><rect x="${f(x - r * 0.08)}" y="${f(y - r * 0.9)}" width="${f(r * 0.16)}" height="${f(r * 0.9)}" fill="${fill}"/><circle cx="${f(x)}" cy="${f(y - r * 1.3)}" r="${f(r)}" fill="${fill}"/><circle cx="${f(x - r * 0.6)}" cy="${f(y - r * 1)}" r="${f(r * 0.7)}" fill="${fill}"/><circle cx="${f(x + r * 0.65)}" cy="${f(y - r * 1.05)}" r="${f(r * 0.72)}" fill="${fill}"/>${
    light ? `<circle cx="${f(x + r * 0.35)}" cy="${f(y - r * 1.55)}" r="${f(r * 0.55)}" fill="${light}" opacity=".35"/>` : ""
  }</g>`;
}

function poplar(x: number, y: number, h: number, fill: string, light?: string): string {
  return `<ellipse cx="${f(x)}" cy="${f(y - h / 2)}" rx="${f(h * 0.13)}" ry="${f(h / 2)}" fill="${fill}"/>${
    light ? `<ellipse cx="${f(x + h * 0.04)}" cy="${f(y - h * 0.55)}" rx="${f(h * 0.06)}" ry="${f(h * 0.38)}" fill="${light}" opacity=".35"/>` : ""
  }`;
}

function svg(body: string, defs = "", w = W, h = H): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------------------------

/**
 * The home page's poster: the château on its hill at golden hour, vines running towards the low
 * sun. `phase` (0…1) moves the layers at different speeds for the hero video; 0 is the poster.
 */
export function estateHeroSvg(phase = 0): string {
  const swing = Math.sin(phase * Math.PI * 2);
  const drift = (amp: number) => `translate(${f(amp * swing)},0)`;
  const glow = 0.55 + 0.08 * Math.sin(phase * Math.PI * 4);
  const defs = [
    linear("sky", [
      [0, c.wine900],
      [0.28, c.wine700],
      [0.5, "#b8574a"],
      [0.62, "#e29a5e"],
      [0.7, "#f4d29a"],
    ]),
    radial("sun", [
      [0, "#fff6dd"],
      [0.12, "#ffe7b0", 0.95],
      [0.4, "#f2b86a", 0.45],
      [1, "#f2b86a", 0],
    ]),
    linear("haze", [
      [0, "#f4d29a", 0],
      [1, "#f4d29a", 0.55],
    ]),
    linear("shade", [
      [0, c.wine950, 0],
      [0.55, c.wine950, 0],
      [1, c.wine950, 0.55],
    ]),
    `<filter id="soft" x="-20%" y="-50%" width="140%" height="200%"><feGaussianBlur stdDeviation="6"/></filter>`,
  ].join("");
  const clouds = [
    [300, 300, 380, 16],
    [760, 230, 260, 10],
    [1250, 390, 520, 18],
    [1700, 300, 300, 12],
    [520, 470, 420, 12],
  ]
    .map(([x, y, rx, ry]) => `<ellipse cx="${x}" cy="${y}" rx="${rx}" ry="${ry}" fill="#f6c28c" opacity=".35"/>`)
    .join("");
  const chateauColors: ChateauColors = {
    lit: "#e9c89a",
    shade: "#7c4a4f",
    roof: "#4a3343",
    roofShade: "#2f2031",
    window: "#ffd98c",
  };
  const midTrees = [
    tree(330, 742, 34, "#4a2a36", "#d08a5a"),
    tree(380, 748, 26, "#4a2a36"),
    poplar(860, 735, 150, "#4a2a36", "#d08a5a"),
    poplar(895, 738, 120, "#4a2a36"),
    tree(960, 752, 40, "#4a2a36", "#d08a5a"),
    tree(240, 755, 28, "#4a2a36"),
  ].join("");
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="1450" cy="640" r="${f(560 * glow + 150)}" fill="url(#sun)"/>
    <circle cx="1450" cy="650" r="58" fill="#fff4d8"/>
    <g filter="url(#soft)" transform="${drift(40)}">${clouds}</g>
    <g transform="${drift(6)}"><path d="${ridge(675, 26, 3)}" fill="#c98a72" opacity=".8"/></g>
    <g transform="${drift(10)}"><path d="${ridge(705, 34, 8)}" fill="#a4655d"/></g>
    <g transform="${drift(18)}">
      <path d="${ridge(745, 40, 11)}" fill="#6e3a45"/>
      ${hillRows(745, 40, 11, 14, "#4d2a36", "#d7925f")}
      ${midTrees}
      ${chateau(620, 752, 0.62, chateauColors)}
    </g>
    <rect y="600" width="${W}" height="200" fill="url(#haze)" opacity=".35"/>
    <g transform="${drift(48)}">${vineField({
      id: "hero",
      vx: 1450,
      vy: 690,
      top: 828,
      spacing: 150,
      leafDark: "#2a2419",
      leafLight: "#a8913f",
      soilFar: "#b7784b",
      soilNear: "#5a3226",
      seed: 21,
    })}</g>
    <rect width="${W}" height="${H}" fill="url(#shade)"/>`,
    defs,
  );
}

function vineyardSvg(): string {
  const defs = [
    linear("sky", [
      [0, "#8fb1c6"],
      [0.45, "#dbe3d6"],
      [0.62, "#f5e7c8"],
    ]),
    radial("sun", [
      [0, "#fff8e6", 0.9],
      [1, "#fff8e6", 0],
    ]),
  ].join("");
  const rnd = random(5);
  const grapes = (gx: number, gy: number, s: number) => {
    let g = "";
    for (let row = 0; row < 7; row += 1) {
      const n = Math.max(1, 6 - Math.abs(row - 1) - Math.floor(row / 2));
      for (let i = 0; i < n; i += 1) {
        const x = gx + (i - (n - 1) / 2) * 26 * s + (rnd() - 0.5) * 6;
        const y = gy + row * 22 * s;
        g += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(14 * s)}" fill="${c.wine800}"/><circle cx="${f(x - 4 * s)}" cy="${f(y - 5 * s)}" r="${f(5 * s)}" fill="#9a6a8a" opacity=".7"/>`;
      }
    }
    return `<path d="M${gx},${gy - 30 * s} q${20 * s},-40 ${60 * s},-60" stroke="#5a4a2a" stroke-width="${6 * s}" fill="none"/>${g}`;
  };
  const leaf = (x: number, y: number, r: number, rot: number, fill: string) =>
    `<path transform="translate(${x},${y}) rotate(${rot}) scale(${r / 100})" d="M0,0 C-30,-20 -90,-30 -100,-80 C-70,-70 -60,-110 -40,-130 C-30,-100 -10,-110 0,-150 C10,-110 30,-100 40,-130 C60,-110 70,-70 100,-80 C90,-30 30,-20 0,0z" fill="${fill}"/><path transform="translate(${x},${y}) rotate(${rot}) scale(${r / 100})" d="M0,0 L0,-130 M0,-40 L-60,-90 M0,-40 L60,-90" stroke="#2c3320" stroke-width="4" fill="none" opacity=".5"/>`;
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="420" cy="560" r="420" fill="url(#sun)"/>
    <path d="${ridge(560, 30, 41)}" fill="#a9b49a"/>
    <path d="${ridge(600, 44, 42)}" fill="#7f8f62"/>
    ${hillRows(600, 44, 42, 10, "#4d5a32", "#c9c48a")}
    ${poplar(1500, 610, 170, "#3c4a2c", "#9aa66a")}${poplar(1540, 612, 130, "#3c4a2c")}
    ${chateau(1720, 600, 0.28, { lit: c.stone, shade: c.stoneShade, roof: c.slate, roofShade: "#36323a", window: "#6b5a4a" })}
    ${vineField({ id: "vy", vx: 420, vy: 560, top: 650, spacing: 170, leafDark: c.leafDark, leafLight: "#9cab5c", soilFar: "#c9a877", soilNear: "#7a5a3a", seed: 9 })}
    ${leaf(1750, 1180, 420, -20, "#3f4d2a")}${leaf(1950, 1000, 300, 30, "#56653a")}
    ${grapes(1720, 820, 1.6)}
    ${leaf(1560, 760, 160, -60, "#6d7d40")}`,
    defs,
  );
}

function cellarSvg(): string {
  const vx = 1000;
  const vy = 560;
  const defs = [
    radial("lamp", [
      [0, "#ffd48a", 0.9],
      [0.3, "#e0a050", 0.35],
      [1, "#e0a050", 0],
    ]),
    linear("floor", [
      [0, "#3a2a20"],
      [1, "#1d1510"],
    ]),
    radial("head", [
      [0, "#b07a4a"],
      [0.8, "#7a4a2a"],
      [1, "#4a2a18"],
    ]),
    radial("end", [
      [0, "#ffcf80", 0.95],
      [0.5, "#d08a40", 0.5],
      [1, "#40200a", 0],
    ]),
  ].join("");
  // Vault: arches receding towards the far lit end.
  let vault = "";
  for (let i = 14; i >= 0; i -= 1) {
    const u = 1 / (1 + i * 0.42);
    const hw = 1150 * u;
    const top = vy - 720 * u;
    const base = vy + 620 * u;
    const shade = Math.round(70 - i * 3.4);
    vault += `<path d="M${f(vx - hw)},${f(base)} V${f(vy - 120 * u)} Q${f(vx - hw)},${f(top)} ${vx},${f(top)} Q${f(vx + hw)},${f(top)} ${f(vx + hw)},${f(vy - 120 * u)} V${f(base)}z" fill="rgb(${shade + 30},${shade + 14},${shade})" stroke="#1a120c" stroke-width="${f(10 * u)}"/>`;
  }
  // Barrels: heads facing the aisle, in two tiers on each side.
  let barrels = "";
  for (let i = 16; i >= 0; i -= 1) {
    const u = 1 / (1 + i * 0.3);
    for (const side of [-1, 1]) {
      for (const tier of [0, 1]) {
        const r = 150 * u;
        const x = vx + side * 640 * u;
        const y = vy + (430 - tier * 300) * u;
        barrels += `<g><ellipse cx="${f(x + side * r * 0.25)}" cy="${f(y)}" rx="${f(r * 0.7)}" ry="${f(r)}" fill="url(#head)" stroke="#2a1a10" stroke-width="${f(8 * u)}"/>
          <ellipse cx="${f(x + side * r * 0.25)}" cy="${f(y)}" rx="${f(r * 0.52)}" ry="${f(r * 0.78)}" fill="none" stroke="#5a3a22" stroke-width="${f(4 * u)}"/>
          <ellipse cx="${f(x + side * r * 0.25)}" cy="${f(y + r * 0.3)}" rx="${f(r * 0.2)}" ry="${f(r * 0.1)}" fill="${c.wine800}" opacity=".8"/>
          <path d="M${f(x + side * r * 0.25)},${f(y - r)} h${f(-side * r * 0.6)} v${f(r * 2)} h${f(side * r * 0.6)}" fill="#5a3420" opacity=".6"/></g>`;
      }
    }
  }
  const lamps = [0, 2, 5, 9]
    .map((i) => {
      const u = 1 / (1 + i * 0.42);
      const y = vy - 430 * u;
      return `<line x1="${vx}" y1="${f(vy - 720 * u)}" x2="${vx}" y2="${f(y)}" stroke="#1a120c" stroke-width="${f(4 * u)}"/><circle cx="${vx}" cy="${f(y + 40 * u)}" r="${f(420 * u)}" fill="url(#lamp)"/><circle cx="${vx}" cy="${f(y + 20 * u)}" r="${f(20 * u)}" fill="#fff0c8"/>`;
    })
    .join("");
  return svg(
    `<rect width="${W}" height="${H}" fill="#160e09"/>
    ${vault}
    <circle cx="${vx}" cy="${vy}" r="260" fill="url(#end)"/>
    <path d="M0,${H} L${vx - 60},${vy + 40} L${vx + 60},${vy + 40} L${W},${H}z" fill="url(#floor)"/>
    <path d="M${vx - 20},${vy + 40} L${vx - 300},${H} L${vx + 300},${H} L${vx + 20},${vy + 40}z" fill="#e0a050" opacity=".12"/>
    ${barrels}${lamps}`,
    defs,
  );
}

function royalConnectionSvg(): string {
  const defs = [
    linear("sky", [
      [0, c.wine950],
      [0.45, c.wine800],
      [0.75, "#b0604a"],
      [0.9, "#e8b070"],
    ]),
    radial("glow", [
      [0, "#f6d08a", 0.8],
      [1, "#f6d08a", 0],
    ]),
    linear("gold", [
      [0, "#f3e0a8"],
      [0.5, c.gold400],
      [1, c.gold600],
    ]),
    linear(
      "pillar",
      [
        [0, "#d9c4a0"],
        [1, "#8a7458"],
      ],
      1,
      0,
    ),
  ].join("");
  // An avenue of trees leading to the château, seen through the estate's gates.
  let avenue = "";
  for (let i = 12; i >= 0; i -= 1) {
    const u = 1 / (1 + i * 0.38);
    for (const side of [-1, 1]) {
      avenue += tree(1000 + side * 900 * u, 800 + 300 * u, 120 * u, "#2a1018", "#c07850");
    }
  }
  const bars = Array.from({ length: 25 }, (_, i) => {
    const x = 540 + i * 38;
    const top = 380 + Math.pow((i - 12) / 12, 2) * 120;
    return `<rect x="${x - 4}" y="${f(top)}" width="8" height="${f(1125 - top)}" fill="#1a0a0e"/><path d="M${x - 10},${f(top + 8)} L${x},${f(top - 26)} L${x + 10},${f(top + 8)}z" fill="url(#gold)"/>`;
  }).join("");
  const crown = `<g transform="translate(1000,250) scale(1.5)">
    <path d="M-80,40 L-95,-30 L-50,5 L-25,-50 L0,0 L25,-50 L50,5 L95,-30 L80,40z" fill="url(#gold)" stroke="${c.gold600}" stroke-width="3"/>
    <rect x="-84" y="40" width="168" height="22" rx="4" fill="url(#gold)" stroke="${c.gold600}" stroke-width="3"/>
    ${[-95, -25, 25, 95].map((x, i) => `<circle cx="${x}" cy="${[-30, -50, -50, -30][i]}" r="9" fill="#f3e0a8"/>`).join("")}
    <circle cx="0" cy="-8" r="10" fill="${c.wine600}"/><circle cx="-45" cy="50" r="6" fill="${c.wine600}"/><circle cx="45" cy="50" r="6" fill="${c.wine600}"/>
  </g>`;
  const fleur = (x: number, y: number, s: number) =>
    `<path transform="translate(${x},${y}) scale(${s})" d="M0,-60 C20,-35 20,-10 0,10 C-20,-10 -20,-35 0,-60z M-8,5 C-40,-10 -60,20 -35,40 C-40,20 -20,15 -8,25z M8,5 C40,-10 60,20 35,40 C40,20 20,15 8,25z M-30,28 h60 v8 h-60z" fill="url(#gold)"/>`;
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="1000" cy="820" r="620" fill="url(#glow)"/>
    <path d="${ridge(830, 16, 61)}" fill="#7a3a40"/>
    ${chateau(1000, 836, 0.36, { lit: "#e8c49a", shade: "#7a4a50", roof: "#3a2030", roofShade: "#2a1522", window: "#ffd98c" })}
    <path d="M0,${H} L960,838 L1040,838 L${W},${H}z" fill="#c89a6a"/>
    <path d="M0,${H} L960,838 L0,850z" fill="#3a1a20"/><path d="M${W},${H} L1040,838 L${W},850z" fill="#3a1a20"/>
    ${avenue}
    <g>${bars}
      <path d="M540,${f(380 + 120)} Q1000,${f(300)} 1460,${f(380 + 120)}" stroke="url(#gold)" stroke-width="10" fill="none"/>
      <path d="M540,640 H1460" stroke="#1a0a0e" stroke-width="14"/><path d="M540,660 H1460" stroke="url(#gold)" stroke-width="4"/>
      ${fleur(760, 600, 0.9)}${fleur(1240, 600, 0.9)}
      ${crown}
    </g>
    <rect x="360" y="250" width="180" height="900" fill="url(#pillar)"/><rect x="1460" y="250" width="180" height="900" fill="url(#pillar)"/>
    <rect x="340" y="230" width="220" height="40" fill="#e8d6b3"/><rect x="1440" y="230" width="220" height="40" fill="#e8d6b3"/>
    <path d="M400,230 Q450,120 500,230z" fill="#d9c4a0"/><path d="M1500,230 Q1550,120 1600,230z" fill="#d9c4a0"/>
    <rect x="380" y="420" width="140" height="8" fill="#8a7458"/><rect x="1480" y="420" width="140" height="8" fill="#8a7458"/>
    <rect x="0" y="0" width="360" height="${H}" fill="#1a0a0e" opacity=".55"/><rect x="1640" y="0" width="360" height="${H}" fill="#1a0a0e" opacity=".55"/>`,
    defs,
  );
}

function terroirSvg(): string {
  const rnd = random(77);
  const defs = [
    linear("sky", [
      [0, "#a9c0cc"],
      [1, "#f3e3c0"],
    ]),
    linear("clay", [
      [0, "#8a5a3c"],
      [1, "#6a4030"],
    ]),
    linear("lime", [
      [0, "#efe2c4"],
      [1, "#cdb68e"],
    ]),
    linear("topsoil", [
      [0, "#5a4030"],
      [1, "#7a5538"],
    ]),
  ].join("");
  const groundY = 430;
  let stones = "";
  for (let i = 0; i < 120; i += 1) {
    const x = rnd() * W;
    const y = 520 + rnd() * 150;
    stones += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(6 + rnd() * 14)}" ry="${f(4 + rnd() * 8)}" fill="#c9ad86" opacity=".7"/>`;
  }
  let lime = "";
  for (let i = 0; i < 9; i += 1) {
    const y = 700 + i * 48;
    lime += `<path d="${ridge(y, 6, 90 + i, { bottom: y + 30 })}" fill="none" stroke="#b89e76" stroke-width="3" opacity=".6"/>`;
  }
  for (let i = 0; i < 40; i += 1) {
    const x = rnd() * W;
    const y = 720 + rnd() * 380;
    const r = 8 + rnd() * 16;
    lime += `<g transform="translate(${f(x)},${f(y)}) rotate(${f(rnd() * 360)})"><path d="M0,0 m-${f(r)},0 a${f(r)},${f(r)} 0 0 1 ${f(r * 2)},0z" fill="#e2d0aa" stroke="#a48a64" stroke-width="2"/>${[-0.6, -0.2, 0.2, 0.6].map((k) => `<line x1="0" y1="0" x2="${f(r * Math.sin(k * 1.6))}" y2="${f(-r * Math.cos(k * 1.6))}" stroke="#a48a64" stroke-width="1.5"/>`).join("")}</g>`;
  }
  const vines = [320, 700, 1080, 1460, 1840]
    .map((x, i) => {
      let roots = "";
      const r = random(200 + i);
      for (let k = 0; k < 7; k += 1) {
        let px = x;
        let py = groundY;
        let d = `M${px},${py}`;
        const depth = 300 + r() * 500;
        while (py < groundY + depth) {
          px += (r() - 0.5) * 80;
          py += 40 + r() * 30;
          d += ` L${f(px)},${f(py)}`;
        }
        roots += `<path d="${d}" fill="none" stroke="#3a2418" stroke-width="${f(6 - k * 0.6)}" stroke-linecap="round" opacity=".85"/>`;
      }
      return `${roots}<path d="M${x},${groundY} q-10,-60 8,-110 q14,-30 -4,-60" stroke="#4a3222" stroke-width="26" fill="none" stroke-linecap="round"/>
        <line x1="${x - 160}" y1="${groundY - 120}" x2="${x + 160}" y2="${groundY - 120}" stroke="#6a5a4a" stroke-width="3"/>
        ${[-120, -60, 0, 60, 120].map((dx, j) => `<circle cx="${x + dx}" cy="${groundY - 205 - (j % 2) * 18}" r="${70 - Math.abs(dx) / 6}" fill="${c.leaf}"/>`).join("")}${[-80, 0, 80].map((dx) => `<circle cx="${x + dx + 15}" cy="${groundY - 240}" r="38" fill="${c.leafLight}" opacity=".7"/>`).join("")}
        <circle cx="${x - 50}" cy="${groundY - 135}" r="14" fill="${c.wine800}"/><circle cx="${x - 35}" cy="${groundY - 118}" r="14" fill="${c.wine800}"/><circle cx="${x - 62}" cy="${groundY - 116}" r="14" fill="${c.wine800}"/><circle cx="${x - 48}" cy="${groundY - 98}" r="13" fill="${c.wine800}"/>`;
    })
    .join("");
  return svg(
    `<rect width="${W}" height="${groundY + 20}" fill="url(#sky)"/>
    <path d="${ridge(330, 20, 70)}" fill="#b9b89a"/>
    ${chateau(1600, 345, 0.18, { lit: c.stone, shade: c.stoneShade, roof: c.slate, roofShade: "#36323a", window: "#6b5a4a" })}
    <rect y="${groundY}" width="${W}" height="90" fill="url(#topsoil)"/>
    <path d="${ridge(groundY + 90, 10, 71, { bottom: 700 })}" fill="url(#clay)"/>
    ${stones}
    <path d="${ridge(680, 14, 72)}" fill="url(#lime)"/>
    ${lime}
    ${vines}
    <rect y="${groundY - 4}" width="${W}" height="8" fill="#3a2a1e"/>`,
    defs,
  );
}

function philosophySvg(): string {
  const defs = [
    linear("sky", [
      [0, "#6a6f8a"],
      [0.35, "#c7a0a0"],
      [0.6, "#f0cfa8"],
      [0.7, "#f8e6c8"],
    ]),
    linear("mist", [
      [0, "#fbf1e0", 0],
      [0.5, "#fbf1e0", 0.8],
      [1, "#fbf1e0", 0],
    ]),
    radial("sun", [
      [0, "#fffaf0"],
      [0.2, "#ffeccc", 0.8],
      [1, "#ffeccc", 0],
    ]),
  ].join("");
  const rnd = random(31);
  let leaves = "";
  for (let i = 0; i < 26; i += 1) {
    const x = 1250 + rnd() * 700;
    const y = 180 + rnd() * 420;
    const s = 0.5 + rnd() * 0.8;
    leaves += `<path transform="translate(${f(x)},${f(y)}) rotate(${f(rnd() * 360)}) scale(${f(s)})" d="M0,0 C-30,-20 -90,-30 -100,-80 C-70,-70 -60,-110 -40,-130 C-30,-100 -10,-110 0,-150 C10,-110 30,-100 40,-130 C60,-110 70,-70 100,-80 C90,-30 30,-20 0,0z" fill="${rnd() > 0.5 ? "#3f4d2a" : "#56653a"}"/>`;
  }
  let grapes = "";
  for (let row = 0; row < 8; row += 1) {
    const n = Math.max(1, 6 - Math.floor(row * 0.7));
    for (let i = 0; i < n; i += 1) {
      const x = 1480 + (i - (n - 1) / 2) * 34 + (rnd() - 0.5) * 8;
      const y = 560 + row * 30;
      grapes += `<circle cx="${f(x)}" cy="${f(y)}" r="19" fill="#3a1028"/><circle cx="${f(x - 6)}" cy="${f(y - 7)}" r="6" fill="#a58aa8" opacity=".6"/>`;
    }
  }
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="700" cy="700" r="520" fill="url(#sun)"/>
    <path d="${ridge(700, 24, 51)}" fill="#b5a3a0"/>
    <rect y="620" width="${W}" height="200" fill="url(#mist)"/>
    <path d="${ridge(760, 34, 52)}" fill="#8c8a78"/>
    ${hillRows(760, 34, 52, 10, "#5d6148", "#e8d2b0")}
    <rect y="720" width="${W}" height="160" fill="url(#mist)" opacity=".7"/>
    ${vineField({ id: "ph", vx: 700, vy: 700, top: 860, spacing: 200, leafDark: "#3a3d2a", leafLight: "#a8a46a", soilFar: "#c8a888", soilNear: "#6a4a38", seed: 13 })}
    <path d="M1660,${H} C1640,980 1700,900 1640,820 C1600,760 1560,700 1520,560" stroke="#3d2a1e" stroke-width="54" fill="none" stroke-linecap="round"/>
    <path d="M1640,820 C1720,760 1820,720 2000,700" stroke="#3d2a1e" stroke-width="26" fill="none"/>
    <path d="M1560,680 C1500,600 1400,560 1250,560" stroke="#3d2a1e" stroke-width="20" fill="none"/>
    <line x1="1100" y1="560" x2="2000" y2="560" stroke="#5a4a3a" stroke-width="4"/>
    ${leaves}${grapes}`,
    defs,
  );
}

function tastingSvg(): string {
  const defs = [
    radial(
      "bg",
      [
        [0, "#6a3a28"],
        [0.6, "#2e1a14"],
        [1, "#140c09"],
      ],
      0.3,
      0.35,
      0.8,
    ),
    linear("table", [
      [0, "#5a3a24"],
      [1, "#2a180e"],
    ]),
    linear("wine", [
      [0, c.wine600],
      [1, c.wine950],
    ]),
    radial("bokeh", [
      [0, "#ffd28a", 0.6],
      [1, "#ffd28a", 0],
    ]),
    linear(
      "glass",
      [
        [0, "#ffffff", 0.05],
        [0.2, "#ffffff", 0.35],
        [0.35, "#ffffff", 0.05],
        [1, "#ffffff", 0.12],
      ],
      1,
      0,
    ),
    linear(
      "bottle",
      [
        [0, "#0f140e"],
        [0.3, "#2a3a24"],
        [0.4, "#0f140e"],
        [1, "#070a06"],
      ],
      1,
      0,
    ),
    `<filter id="blur"><feGaussianBlur stdDeviation="16"/></filter>`,
  ].join("");
  const rnd = random(3);
  let bokeh = "";
  for (let i = 0; i < 18; i += 1) bokeh += `<circle cx="${f(rnd() * W)}" cy="${f(80 + rnd() * 500)}" r="${f(30 + rnd() * 60)}" fill="url(#bokeh)"/>`;
  const glass = (x: number, y: number, s: number, fill: number) => `<g transform="translate(${x},${y}) scale(${s})">
      <ellipse cx="0" cy="0" rx="110" ry="16" fill="#000" opacity=".3"/>
      <path d="M-6,-8 L-6,-200 L6,-200 L6,-8z" fill="#ffffff" opacity=".35"/>
      <ellipse cx="0" cy="-4" rx="90" ry="12" fill="#ffffff" opacity=".25"/>
      <path d="M-120,-520 C-130,-380 -90,-230 0,-205 C90,-230 130,-380 120,-520z" fill="url(#glass)" stroke="#ffffff" stroke-opacity=".45" stroke-width="3"/>
      <path d="M${-124 + fill * 6},${-520 + fill * 200} C-110,-300 -80,-235 0,-212 C80,-235 110,-300 ${124 - fill * 6},${-520 + fill * 200}z" fill="url(#wine)" opacity=".95"/>
      <ellipse cx="0" cy="${-520 + fill * 200}" rx="${118 - fill * 6}" ry="14" fill="${c.wine600}"/>
      <path d="M-95,-480 C-100,-380 -80,-300 -50,-250" stroke="#ffffff" stroke-opacity=".6" stroke-width="6" fill="none"/>
    </g>`;
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>
    <g filter="url(#blur)">
      ${[200, 520, 840].map((x) => `<path d="M${x},760 V300 Q${x + 140},160 ${x + 280},300 V760z" fill="#1a100b" opacity=".7"/>`).join("")}
      ${Array.from({ length: 6 }, (_, i) => `<ellipse cx="${1350 + i * 120}" cy="${640 - (i % 2) * 120}" rx="60" ry="60" fill="#5a3420"/>`).join("")}
    </g>
    ${bokeh}
    <rect y="760" width="${W}" height="${H - 760}" fill="url(#table)"/>
    <rect y="760" width="${W}" height="6" fill="#7a5232"/>
    <g transform="translate(1380,0)">
      <path d="M-26,200 h52 v170 c0,40 64,60 64,140 v420 c0,14 -10,24 -24,24 h-132 c-14,0 -24,-10 -24,-24 v-420 c0,-80 64,-100 64,-140z" fill="url(#bottle)"/>
      <rect x="-30" y="190" width="60" height="80" rx="4" fill="${c.wine800}"/><rect x="-30" y="255" width="60" height="6" fill="${c.gold500}"/>
      <rect x="-84" y="640" width="168" height="200" fill="${c.cream100}"/><rect x="-76" y="648" width="152" height="184" fill="none" stroke="${c.gold500}" stroke-width="2"/>
      <path d="M-40,700 h80 M-55,740 h110 M-30,780 h60" stroke="${c.wine800}" stroke-width="6"/>
    </g>
    ${glass(820, 900, 1, 0.3)}${glass(1120, 960, 0.85, 0.55)}
    <g transform="translate(1650,930)"><rect x="-40" y="-200" width="80" height="200" rx="6" fill="${c.cream100}"/><path d="M0,-200 v-30" stroke="#2a1a10" stroke-width="4"/><path d="M0,-232 c-20,-30 -10,-60 0,-80 c10,20 20,50 0,80z" fill="#ffd98c"/><circle cx="0" cy="-260" r="120" fill="url(#bokeh)"/></g>
    <g transform="translate(400,960)"><rect x="-200" y="-30" width="400" height="50" rx="10" fill="#6a4428"/><path d="M-150,-30 L-60,-100 L20,-30z" fill="#f0d890"/><circle cx="80" cy="-60" r="30" fill="${c.wine700}"/><circle cx="120" cy="-52" r="24" fill="${c.wine800}"/></g>`,
    defs,
  );
}

/** A limestone house of the Libournais: two storeys, shutters, a hipped tile roof. */
function villa(x: number, y: number, s: number): string {
  const win = (wx: number, wy: number, h: number) =>
    `<rect x="${wx - 44}" y="${wy}" width="22" height="${h}" fill="#8fa7ad"/><rect x="${wx + 22}" y="${wy}" width="22" height="${h}" fill="#8fa7ad"/><rect x="${wx - 22}" y="${wy}" width="44" height="${h}" fill="#3a4a52"/><rect x="${wx - 22}" y="${wy}" width="44" height="${h}" fill="none" stroke="#f5efe3" stroke-width="4"/>`;
  return `<g transform="translate(${x},${y}) scale(${s})">
    <path d="M-440,-300 L-360,-420 L360,-420 L440,-300z" fill="#b8654a"/>
    <path d="M360,-420 L440,-300 L300,-300z" fill="#8a4a38"/>
    ${Array.from({ length: 18 }, (_, i) => `<line x1="${-380 + i * 45}" y1="-408" x2="${-420 + i * 48}" y2="-302" stroke="#9a5440" stroke-width="3"/>`).join("")}
    <rect x="-420" y="-300" width="840" height="300" fill="${c.stone}"/>
    <rect x="250" y="-300" width="170" height="300" fill="${c.stoneShade}" opacity=".45"/>
    <rect x="-430" y="-306" width="860" height="14" fill="#d4bf98"/>
    ${[-300, -120, 120, 300].map((wx) => win(wx, -270, 90)).join("")}
    ${[-300, -120, 300].map((wx) => win(wx, -140, 110)).join("")}
    <path d="M80,0 v-120 a40,40 0 0 1 80,0 v120z" fill="#3a4a52"/>
    <rect x="-260" y="-470" width="40" height="90" fill="${c.stoneShade}"/><rect x="220" y="-470" width="40" height="90" fill="${c.stoneShade}"/>
  </g>`;
}

function villaExteriorSvg(): string {
  const defs = [
    linear("sky", [
      [0, "#6f9fc0"],
      [0.7, "#cfe0e6"],
      [1, "#f3ead6"],
    ]),
    linear("lawn", [
      [0, "#8a9a58"],
      [1, "#56653a"],
    ]),
    linear("gravel", [
      [0, "#e2d2b0"],
      [1, "#bfa880"],
    ]),
  ].join("");
  const rnd = random(19);
  let lavender = "";
  for (let i = 0; i < 60; i += 1) {
    const x = 80 + i * 32 + rnd() * 10;
    if (x > 820 && x < 1180) continue;
    const y = 900 + rnd() * 20;
    lavender += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="26" ry="34" fill="#6a6a3a"/><ellipse cx="${f(x)}" cy="${f(y - 22)}" rx="22" ry="18" fill="#8a7ab8" opacity=".9"/>`;
  }
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
    ${[
      [380, 200, 180],
      [1450, 150, 240],
      [1800, 260, 140],
    ]
      .map(
        ([x, y, r]) =>
          `<ellipse cx="${x}" cy="${y}" rx="${r}" ry="${r! * 0.32}" fill="#ffffff" opacity=".75"/><ellipse cx="${x! + 60}" cy="${y! - 20}" rx="${r! * 0.6}" ry="${r! * 0.3}" fill="#ffffff" opacity=".8"/>`,
      )
      .join("")}
    <path d="${ridge(700, 22, 31)}" fill="#9fae86"/>
    ${hillRows(700, 22, 31, 8, "#5d6b3e", "#c9cf98")}
    <rect y="840" width="${W}" height="${H - 840}" fill="url(#lawn)"/>
    ${poplar(420, 860, 420, "#2f3c24", "#6f7f48")}${poplar(1600, 860, 460, "#2f3c24", "#6f7f48")}${poplar(1680, 860, 360, "#2f3c24")}
    ${tree(250, 860, 110, "#3f4d2a", "#8a9a58")}
    ${villa(1000, 860, 0.9)}
    <path d="M880,860 L1120,860 L1400,${H} L600,${H}z" fill="url(#gravel)"/>
    ${lavender}`,
    defs,
  );
}

function villaPoolSvg(): string {
  const defs = [
    linear("sky", [
      [0, "#5f95bb"],
      [0.8, "#d6e6ea"],
    ]),
    linear("water", [
      [0, "#7cc6d4"],
      [1, "#2c8aa0"],
    ]),
    linear("deck", [
      [0, "#e8dbc0"],
      [1, "#c9b48e"],
    ]),
  ].join("");
  let ripples = "";
  const rnd = random(44);
  for (let i = 0; i < 40; i += 1) {
    const y = 760 + rnd() * 300;
    const x = 300 + rnd() * 1400;
    const w = 40 + rnd() * 140;
    ripples += `<path d="M${f(x)},${f(y)} q${f(w / 4)},-8 ${f(w / 2)},0 t${f(w / 2)},0" stroke="#e8fbff" stroke-width="${f(2 + (y - 760) / 80)}" fill="none" opacity=".55"/>`;
  }
  const lounger = (x: number, y: number, s: number) =>
    `<g transform="translate(${x},${y}) scale(${s})"><path d="M-120,0 L100,0 L130,-60 L110,-64 L86,-14 L-120,-14z" fill="${c.cream50}"/><path d="M-110,0 v30 M80,0 v30" stroke="#7a6a5a" stroke-width="6"/></g>`;
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
    <path d="${ridge(600, 20, 81)}" fill="#a9b78e"/>
    ${hillRows(600, 20, 81, 8, "#5d6b3e", "#c9cf98")}
    <rect y="680" width="${W}" height="${H - 680}" fill="#6f8048"/>
    ${villa(1350, 690, 0.55)}
    ${poplar(900, 690, 300, "#2f3c24", "#6f7f48")}${poplar(1750, 690, 320, "#2f3c24", "#6f7f48")}
    <path d="M0,700 H${W} V${H} H0z" fill="url(#deck)"/>
    <path d="M240,740 L1760,740 L1960,${H} L40,${H}z" fill="#f1e8d4"/>
    <path d="M290,760 L1710,760 L1880,${H} L120,${H}z" fill="url(#water)"/>
    <path d="M290,760 L1710,760 L1700,775 L300,775z" fill="#1f6a7c" opacity=".6"/>
    ${ripples}
    <path d="M1240,770 L1290,770 L1340,1125 L1250,1125z" fill="#e8fbff" opacity=".15"/>
    ${lounger(170, 735, 0.9)}${lounger(1840, 735, 0.9)}
    <g transform="translate(1900,720)"><path d="M0,0 V-260" stroke="#6a5a4a" stroke-width="8"/><path d="M-170,-220 Q0,-330 170,-220z" fill="${c.cream100}"/><path d="M-170,-220 Q-80,-250 0,-220 Q80,-250 170,-220" fill="none" stroke="${c.gold500}" stroke-width="6"/></g>`,
    defs,
  );
}

function villaInteriorSvg(): string {
  const defs = [
    linear("wall", [
      [0, "#efe3cc"],
      [1, "#d8c6a4"],
    ]),
    linear("floor", [
      [0, "#9a7050"],
      [1, "#5a3a24"],
    ]),
    linear("view", [
      [0, "#9cc0d4"],
      [0.6, "#e8ecd8"],
    ]),
    radial("light", [
      [0, "#fff4d8", 0.55],
      [1, "#fff4d8", 0],
    ]),
  ].join("");
  const window = (x: number) => `<g>
    <rect x="${x}" y="230" width="300" height="560" fill="url(#view)"/>
    <path d="M${x},${560} Q${x + 150},520 ${x + 300},550 V790 H${x}z" fill="#8a9a58"/>
    <path d="M${x},${640} L${x + 300},${610} V790 H${x}z" fill="#56653a"/>
    ${Array.from({ length: 6 }, (_, i) => `<line x1="${x + 20 + i * 50}" y1="790" x2="${x + 100 + i * 20}" y2="600" stroke="#3f4d2a" stroke-width="6"/>`).join("")}
    <rect x="${x}" y="230" width="300" height="560" fill="none" stroke="${c.cream50}" stroke-width="16"/>
    <line x1="${x + 150}" y1="230" x2="${x + 150}" y2="790" stroke="${c.cream50}" stroke-width="10"/>
    <line x1="${x}" y1="420" x2="${x + 300}" y2="420" stroke="${c.cream50}" stroke-width="6"/><line x1="${x}" y1="610" x2="${x + 300}" y2="610" stroke="${c.cream50}" stroke-width="6"/>
  </g>`;
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#wall)"/>
    <path d="M0,0 L300,140 L300,880 L0,${H}z" fill="#cdb690"/>
    <path d="M${W},0 L1700,140 L1700,880 L${W},${H}z" fill="#d8c29c"/>
    <path d="M0,0 H${W} L1700,140 H300z" fill="#e4d4b4"/>
    ${Array.from({ length: 7 }, (_, i) => `<path d="M${f(i * (W / 6))},0 L${f(300 + i * (1400 / 6))},140" stroke="#6a4a30" stroke-width="${f(30 - Math.abs(i - 3) * 3)}"/>`).join("")}
    <rect x="300" y="130" width="1400" height="22" fill="#6a4a30"/>
    ${window(520)}${window(1180)}
    <circle cx="1000" cy="520" r="700" fill="url(#light)"/>
    <path d="M0,${H} L300,880 H1700 L${W},${H}z" fill="url(#floor)"/>
    ${Array.from({ length: 12 }, (_, i) => `<line x1="${300 + i * 127}" y1="880" x2="${f(-200 + i * 218)}" y2="${H}" stroke="#4a2e1c" stroke-width="2" opacity=".5"/>`).join("")}
    <path d="M560,1125 L700,930 H1300 L1440,1125z" fill="${c.wine700}" opacity=".85"/>
    <path d="M600,1125 L720,950 H1280 L1400,1125z" fill="none" stroke="${c.gold400}" stroke-width="5"/>
    <g transform="translate(1000,900)">
      <rect x="-380" y="-150" width="760" height="70" rx="20" fill="${c.cream100}"/>
      <rect x="-420" y="-110" width="840" height="120" rx="24" fill="${c.cream200}"/>
      <rect x="-420" y="-200" width="80" height="210" rx="30" fill="${c.cream100}"/><rect x="340" y="-200" width="80" height="210" rx="30" fill="${c.cream100}"/>
      <rect x="-300" y="-190" width="120" height="90" rx="16" fill="${c.wine700}"/><rect x="180" y="-190" width="120" height="90" rx="16" fill="${c.gold400}"/>
    </g>
    <g transform="translate(1000,1060)"><rect x="-220" y="-40" width="440" height="30" fill="#5a3a24"/><rect x="-200" y="-10" width="20" height="60" fill="#4a2e1c"/><rect x="180" y="-10" width="20" height="60" fill="#4a2e1c"/>
      <path d="M-60,-40 v-80 c0,-20 -16,-26 -16,-50 v-40 h32 v40 c0,24 -16,30 -16,50z" fill="#1f2a1a"/><rect x="-82" y="-110" width="40" height="40" fill="${c.cream100}"/>
      <path d="M40,-40 v-30 M20,-100 q20,40 40,0z" stroke="#fff" stroke-opacity=".5" stroke-width="3" fill="${c.wine800}" fill-opacity=".8"/></g>
    <g transform="translate(120,880)"><rect x="-120" y="-420" width="240" height="420" fill="#b89c74"/><rect x="-80" y="-200" width="160" height="200" fill="#2a1a10"/><path d="M-50,0 q20,-80 50,-110 q30,40 40,110z" fill="#e8903a"/><path d="M-20,0 q10,-50 25,-60 q15,30 20,60z" fill="#ffd070"/><rect x="-140" y="-440" width="280" height="30" fill="#9a7e58"/></g>
    <g transform="translate(1820,880)"><path d="M0,0 V-330" stroke="#3a2a1e" stroke-width="6"/><path d="M-70,-330 L70,-330 L45,-430 L-45,-430z" fill="${c.cream100}"/><circle cx="0" cy="-340" r="160" fill="url(#light)"/></g>`,
    defs,
  );
}

// ---------------------------------------------------------------------------------------------
// Bottles (712×1008, shown at 356×504 and twice that)
// ---------------------------------------------------------------------------------------------

const BW = 712;
const BH = 1008;

/** The outline of a Bordeaux bottle: straight sides, high shoulders, a long neck. */
const bottlePath = "M322,62 h68 v226 c0,50 96,52 96,132 v504 c0,20 -14,34 -34,34 h-192 c-20,0 -34,-14 -34,-34 v-504 c0,-80 96,-82 96,-132z";

function bottleFrame(capsule: string, glassTint: string, label: string, extraDefs = ""): string {
  const defs = [
    // Fades to cream-100 at the edges: the colour of the wine cards' image frame on the site.
    radial(
      "backdrop",
      [
        [0, c.cream50],
        [0.75, c.cream100],
        [1, c.cream100],
      ],
      0.5,
      0.42,
      0.75,
    ),
    linear(
      "glass",
      [
        [0, "#050805"],
        [0.12, glassTint],
        [0.26, "#3c4a34"],
        [0.32, glassTint],
        [0.7, "#0a0f09"],
        [0.86, "#1f2a1c"],
        [1, "#040604"],
      ],
      1,
      0,
    ),
    linear(
      "shine",
      [
        [0, "#ffffff", 0],
        [0.5, "#ffffff", 0.55],
        [1, "#ffffff", 0],
      ],
      1,
      0,
    ),
    linear(
      "labelShade",
      [
        [0, "#000", 0.28],
        [0.14, "#000", 0],
        [0.8, "#000", 0],
        [1, "#000", 0.32],
      ],
      1,
      0,
    ),
    radial("shadow", [
      [0, "#3a2a1a", 0.35],
      [1, "#3a2a1a", 0],
    ]),
    `<clipPath id="body"><path d="${bottlePath}"/></clipPath>`,
    extraDefs,
  ].join("");
  return svg(
    `<rect width="${BW}" height="${BH}" fill="url(#backdrop)"/>
    <ellipse cx="356" cy="958" rx="200" ry="28" fill="url(#shadow)"/>
    <path d="${bottlePath}" fill="url(#glass)"/>
    <g clip-path="url(#body)">
      <path d="M322,62 h68 v214 h-68z" fill="${capsule}"/>
      ${label}
      <rect x="262" y="400" width="22" height="540" fill="url(#shine)" opacity=".55"/>
      <rect x="330" y="70" width="10" height="200" fill="url(#shine)" opacity=".5"/>
      <rect x="430" y="420" width="10" height="580" fill="url(#shine)" opacity=".25"/>
    </g>
    <rect x="318" y="56" width="76" height="16" rx="5" fill="${capsule}"/>`,
    defs,
    BW,
    BH,
  );
}

function chateauBottleSvg(vintage: number): string {
  const engraving = chateau(0, 0, 1, { lit: "none", shade: c.wine800, roof: c.wine800, roofShade: c.wine800, window: "none" });
  const label = `
    <rect x="226" y="500" width="260" height="350" fill="${c.cream100}"/>
    <rect x="238" y="514" width="236" height="322" fill="none" stroke="${c.gold500}" stroke-width="3"/>
    <rect x="244" y="520" width="224" height="310" fill="none" stroke="${c.gold500}" stroke-width="1"/>
    <g transform="translate(356,590) scale(0.16)" stroke="${c.wine800}" stroke-width="10" fill="none" opacity=".9">${engraving.replace(/fill="(?!none)[^"]*"/g, 'fill="none"')}</g>
    <path d="M272,590 H440" stroke="${c.gold500}" stroke-width="1.5"/>
    <text x="356" y="628" text-anchor="middle" font-family="${fonts.sans}" font-size="17" letter-spacing="7" fill="${c.wine800}">CHÂTEAU</text>
    <text x="356" y="676" text-anchor="middle" font-family="${fonts.serif}" font-size="44" fill="${c.wine800}">L’Hermitage</text>
    <text x="356" y="718" text-anchor="middle" font-family="${fonts.serif}" font-size="44" fill="${c.wine800}">Lescours</text>
    <path d="M300,738 H340 M372,738 H412" stroke="${c.gold500}" stroke-width="1.5"/><path d="M356,732 l6,6 l-6,6 l-6,-6z" fill="${c.gold500}"/>
    <text x="356" y="766" text-anchor="middle" font-family="${fonts.sans}" font-size="12.5" letter-spacing="1.8" fill="${c.ink700}">SAINT-ÉMILION GRAND CRU</text>
    <text x="356" y="814" text-anchor="middle" font-family="${fonts.serif}" font-size="40" letter-spacing="3" fill="${c.gold600}">${vintage}</text>
    <rect x="226" y="500" width="260" height="350" fill="url(#labelShade)"/>
    <rect x="226" y="436" width="260" height="46" fill="${c.cream100}"/>
    <text x="356" y="468" text-anchor="middle" font-family="${fonts.serif}" font-size="22" letter-spacing="4" fill="${c.wine800}">GRAND CRU</text>
    <rect x="226" y="436" width="260" height="46" fill="url(#labelShade)"/>`;
  const capsule = `url(#capsule)`;
  const capsuleDef = linear(
    "capsule",
    [
      [0, "#2a0a14"],
      [0.3, c.wine700],
      [0.45, c.wine600],
      [0.7, c.wine800],
      [1, "#1a050b"],
    ],
    1,
    0,
  );
  return bottleFrame(capsule, "#1c2a1a", `${label}<rect x="322" y="262" width="68" height="6" fill="${c.gold400}"/>`, capsuleDef);
}

function cuveeBottleSvg(vintage: number): string {
  const accent = vintage === 2019 ? c.wine600 : c.gold400;
  const label = `
    <rect x="226" y="470" width="260" height="390" fill="${c.ink900}"/>
    <path d="M226,470 L486,470 L486,530 L226,650z" fill="#2a241f"/>
    <text x="356" y="690" text-anchor="middle" font-family="${fonts.serif}" font-size="250" fill="url(#goldText)">9</text>
    <text x="356" y="530" text-anchor="middle" font-family="${fonts.sans}" font-size="24" letter-spacing="12" fill="${c.cream100}">CUVÉE</text>
    <rect x="226" y="718" width="260" height="5" fill="${accent}"/>
    <text x="356" y="760" text-anchor="middle" font-family="${fonts.sans}" font-size="14.5" letter-spacing="2.2" fill="${c.cream100}">L’HERMITAGE LESCOURS</text>
    <text x="356" y="788" text-anchor="middle" font-family="${fonts.sans}" font-size="12" letter-spacing="1.6" fill="${c.gold200}">SAINT-ÉMILION GRAND CRU</text>
    <text x="356" y="836" text-anchor="middle" font-family="${fonts.sans}" font-size="30" letter-spacing="8" fill="${accent}">${vintage}</text>
    <rect x="226" y="470" width="260" height="390" fill="url(#labelShade)"/>`;
  const defs = [
    linear(
      "capsule",
      [
        [0, "#3a2a10"],
        [0.3, c.gold400],
        [0.45, "#f0dca8"],
        [0.7, c.gold500],
        [1, "#3a2a10"],
      ],
      1,
      0,
    ),
    linear("goldText", [
      [0, "#f3e0a8"],
      [0.6, c.gold400],
      [1, c.gold600],
    ]),
  ].join("");
  return bottleFrame("url(#capsule)", "#232a1a", label, defs);
}

// ---------------------------------------------------------------------------------------------

/** Scene name → drawing; the names are the ones pages ask `sceneImage` for. */
export const sceneDrawings: Record<string, () => string> = {
  "estate-hero": () => estateHeroSvg(0),
  vineyard: vineyardSvg,
  cellar: cellarSvg,
  "royal-connection": royalConnectionSvg,
  terroir: terroirSvg,
  philosophy: philosophySvg,
  tasting: tastingSvg,
  "villa-exterior": villaExteriorSvg,
  "villa-pool": villaPoolSvg,
  "villa-interior": villaInteriorSvg,
};

async function main(): Promise<void> {
  const sharp = await loadSharp();
  const out = new URL("../content/images/", import.meta.url).pathname;
  mkdirSync(`${out}bottles`, { recursive: true });
  mkdirSync(`${out}scenes`, { recursive: true });
  const only = process.argv.slice(2);
  // The pictures are what this script makes: read the wines without requiring them.
  for (const wine of readContent(undefined, { pictures: false }).wines) {
    if (only.length && !only.includes(wine.id)) continue;
    const drawing = wine.collection === "cuvee9" ? cuveeBottleSvg(wine.vintage) : chateauBottleSvg(wine.vintage);
    await sharp(Buffer.from(drawing)).png({ compressionLevel: 9, palette: true, quality: 95 }).toFile(`${out}bottles/${wine.id}.png`);
  }
  for (const [name, draw] of Object.entries(sceneDrawings)) {
    if (only.length && !only.includes(name)) continue;
    await sharp(Buffer.from(draw())).jpeg({ quality: 82, mozjpeg: true, chromaSubsampling: "4:4:4" }).toFile(`${out}scenes/${name}.jpg`);
  }
  console.log("artwork written to content/images/");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
