import type { Picture } from "~/lib/images";

/** Everything the villa page shows besides its interface labels, in the page's language (views.server.ts). */
export interface VillaView {
  exterior: { picture: Picture; alt: string };
  experience: string[];
  amenities: { id: "accommodation" | "pool" | "comforts"; title: string; text: string }[];
  gallery: { id: string; picture: Picture; caption: string; alt: string }[];
  location: string;
  surroundings: string;
  /** How far the village and Bordeaux are, worded at build (no count is worded in the browser: docs/performance.md). */
  distances: { village: string; bordeaux: string };
  rentals: { name: string; url: string }[];
  email: string;
}
