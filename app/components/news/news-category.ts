import type { NewsCategory } from "#content";

/**
 * Badge colours per category (spec §3), `general` being the default. Dark text on a pale tint:
 * every pair is above 7:1, well past the AA ratio for small text.
 */
export const categoryClass: Record<NewsCategory, string> = {
  acquisition: "bg-wine-100 text-wine-800",
  team: "bg-sky-100 text-sky-900",
  partnership: "bg-emerald-100 text-emerald-900",
  awards: "bg-amber-100 text-amber-900",
  product: "bg-violet-100 text-violet-900",
  honor: "bg-rose-100 text-rose-900",
  general: "bg-cream-200 text-ink-900",
};
