import type { MessageKey } from "~/lib/i18n/translate";
import { pagePaths } from "#core/paths";

/** The navigation bar's links, in order (spec §2). */
export const navLinks: { path: string; label: MessageKey }[] = [
  { path: pagePaths.home, label: "nav.home" },
  { path: pagePaths.story, label: "nav.story" },
  { path: pagePaths.shop, label: "nav.shop" },
  { path: pagePaths.wineTours, label: "nav.wineTours" },
  { path: pagePaths.villa, label: "nav.villa" },
  { path: pagePaths.contact, label: "nav.contact" },
];
