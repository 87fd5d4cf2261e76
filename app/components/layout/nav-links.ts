import type { MessageId } from "#locales";
import { pagePaths } from "#core/paths";

/** The navigation bar's links, in order (spec §2). */
export const navLinks: { path: string; label: MessageId }[] = [
  { path: pagePaths.home, label: "nav.home" },
  { path: pagePaths.story, label: "nav.story" },
  { path: pagePaths.shop, label: "nav.shop" },
  { path: pagePaths.wineTours, label: "nav.wineTours" },
  { path: pagePaths.villa, label: "nav.villa" },
  { path: pagePaths.contact, label: "nav.contact" },
];
