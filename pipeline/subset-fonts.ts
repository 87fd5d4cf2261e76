/**
 * `npm run fonts` (run by `build`, `build:dev` and `dev`): writes the web fonts, cut down to the
 * characters of the English, French and Spanish pages, into `app/fonts/` (pipeline/fonts/subset.ts).
 */
import { writeFontSubsets } from "./fonts/subset";

const results = await writeFontSubsets();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  `fonts: ${results.map(({ face, before, after }) => `${face.family} ${face.weight} ${kb(before)} → ${kb(after)}`).join(", ")}`,
);
