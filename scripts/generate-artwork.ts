/**
 * Writes the placeholder artwork in content/images/ (source images the build turns into AVIF,
 * WebP and JPEG). Run `npx tsx scripts/generate-artwork.ts` after changing it; the outputs are
 * committed. Replace any file with a photograph of the same name and shape (content/README.md).
 */
import { mkdirSync } from "node:fs";
import sharp from "sharp";
import winesFile from "../content/wines.json" with { type: "json" };

const out = new URL("../content/images/", import.meta.url).pathname;

function bottleSvg(label: string, vintage: number, cuvee: boolean): string {
  const glass = cuvee ? "#1f2b1f" : "#2a0f18";
  const labelColor = cuvee ? "#efe6d2" : "#f5efe3";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="712" height="1008" viewBox="0 0 712 1008">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbf8f2"/><stop offset="1" stop-color="#ebe2d0"/></linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${glass}"/><stop offset=".45" stop-color="#5a2a38"/><stop offset=".55" stop-color="${glass}"/><stop offset="1" stop-color="#12060a"/></linearGradient>
  </defs>
  <rect width="712" height="1008" fill="url(#bg)"/>
  <ellipse cx="356" cy="960" rx="150" ry="18" fill="#000" opacity=".12"/>
  <path d="M326 90h60v150c0 40 70 70 70 150v560c0 12-10 20-22 20H278c-12 0-22-8-22-20V390c0-80 70-110 70-150z" fill="url(#glass)"/>
  <rect x="322" y="80" width="68" height="70" rx="6" fill="${cuvee ? "#b38b4d" : "#4a1526"}"/>
  <rect x="266" y="520" width="180" height="260" rx="4" fill="${labelColor}"/>
  <text x="356" y="585" font-family="serif" font-size="26" text-anchor="middle" fill="#4a1526">${cuvee ? "CUVÉE 9" : "CHÂTEAU"}</text>
  <text x="356" y="625" font-family="serif" font-size="${cuvee ? 20 : 16}" text-anchor="middle" fill="#4a1526">${label}</text>
  <text x="356" y="700" font-family="serif" font-size="40" text-anchor="middle" fill="#8c6a33">${vintage}</text>
  <text x="356" y="745" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#473f38">SAINT-ÉMILION GRAND CRU</text>
</svg>`;
}

const scenes: Record<string, [string, string, string]> = {
  "estate-hero": ["#2e0d17", "#6b1f35", "#c9a56a"],
  vineyard: ["#3d4a2a", "#7b8a4a", "#e8d6b3"],
  cellar: ["#1d1916", "#473f38", "#b38b4d"],
  "royal-connection": ["#220911", "#4a1526", "#e8d6b3"],
  terroir: ["#5c534b", "#a08a6a", "#ebe2d0"],
  philosophy: ["#2e3a24", "#6b1f35", "#f3e8d3"],
  tasting: ["#4a1526", "#8a2a45", "#f3e8d3"],
  "villa-exterior": ["#6c7f8f", "#d9c7a5", "#fbf8f2"],
  "villa-pool": ["#2f6f86", "#8fc3cf", "#fbf8f2"],
  "villa-interior": ["#5c534b", "#c9a56a", "#fbf8f2"],
};

function sceneSvg([dark, mid, light]: [string, string, string]): string {
  const rows = Array.from({ length: 9 }, (_, i) => {
    const y = 760 + i * 70;
    return `<path d="M-100 ${y} Q1200 ${y - 180 - i * 10} 2500 ${y}" stroke="${dark}" stroke-width="${10 + i * 3}" fill="none" opacity=".55"/>`;
  }).join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="2400" height="1350" viewBox="0 0 2400 1350">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset=".55" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="2400" height="1350" fill="url(#sky)"/>
  <circle cx="1850" cy="330" r="120" fill="${light}" opacity=".7"/>
  <path d="M0 700 Q600 560 1200 660 T2400 620 V1350 H0z" fill="${mid}" opacity=".8"/>
  ${rows}
</svg>`;
}

mkdirSync(`${out}bottles`, { recursive: true });
mkdirSync(`${out}scenes`, { recursive: true });
for (const wine of winesFile.wines) {
  const svg = bottleSvg(wine.collection === "cuvee9" ? "Cuvée 9" : "L'Hermitage Lescours", wine.vintage, wine.collection === "cuvee9");
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(`${out}bottles/${wine.id}.png`);
}
for (const [name, palette] of Object.entries(scenes)) {
  await sharp(Buffer.from(sceneSvg(palette))).jpeg({ quality: 85, mozjpeg: true }).toFile(`${out}scenes/${name}.jpg`);
}
console.log("artwork written to content/images/");
