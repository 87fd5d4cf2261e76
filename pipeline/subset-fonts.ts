/**
 * `npm run fonts` (run by `build`, `build:dev` and `dev`): writes the web fonts, cut down to the
 * characters of the English, French and Spanish pages, into `app/fonts/` (pipeline/fonts/subset.ts),
 * unless the subsets there were cut for the same characters by the same code.
 */
import { updateFontSubsets } from "./fonts/subset";

const results = await updateFontSubsets();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
console.log(
  results
    ? `fonts: ${results.map(({ face, before, after }) => `${face.family} ${face.weight} ${kb(before)} → ${kb(after)}`).join(", ")}`
    : "fonts: the subsets in app/fonts/ are up to date (same characters, same code)",
);
