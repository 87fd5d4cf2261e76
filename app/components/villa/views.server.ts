/**
 * The villa page's pictures and distances, worked out by its route loader at build: the visitor's
 * JavaScript carries no image table (app/lib/images.ts), only the three pictures the page shows.
 */
import { villa } from "~/components/villa/villa-data";
import { sceneImage, type Picture } from "~/lib/images";

export type GalleryKey = "exterior" | "pool" | "interior";

export interface VillaView {
  exterior: Picture;
  gallery: { key: GalleryKey; picture: Picture }[];
  minutesToVillage: number;
  minutesToBordeaux: number;
}

export function villaView(): VillaView {
  return {
    exterior: sceneImage("villa-exterior"),
    gallery: [
      { key: "exterior", picture: sceneImage("villa-exterior") },
      { key: "pool", picture: sceneImage("villa-pool") },
      { key: "interior", picture: sceneImage("villa-interior") },
    ],
    minutesToVillage: villa.minutesToVillage,
    minutesToBordeaux: villa.minutesToBordeaux,
  };
}
