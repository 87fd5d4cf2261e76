/**
 * The villa page's pictures, distances and words in the page's language, worked out by its route
 * loader at build: the visitor's JavaScript carries no image table and no content file.
 */
import type { Content } from "#content";
import { textIn } from "#content/text";
import type { I18n } from "~/lib/i18n/context";
import { sceneImage } from "~/lib/images";
import type { VillaView } from "./views";

export function villaView(content: Content, { lang, t }: I18n): VillaView {
  const { villa, site } = content;
  return {
    exterior: { picture: sceneImage("villa-exterior"), alt: textIn(villa.exteriorAlt, lang) },
    experience: villa.experience.map((paragraph) => textIn(paragraph, lang)),
    amenities: villa.amenities.map(({ id, title, text }) => ({ id, title: textIn(title, lang), text: textIn(text, lang) })),
    gallery: villa.gallery.map(({ id, scene, caption, alt }) => ({ id, picture: sceneImage(scene), caption: textIn(caption, lang), alt: textIn(alt, lang) })),
    location: textIn(villa.location, lang),
    surroundings: textIn(villa.surroundings, lang),
    distances: {
      village: t("villa.location.village", { minutes: villa.minutesToVillage }),
      bordeaux: t("villa.location.bordeaux", { minutes: villa.minutesToBordeaux }),
    },
    rentals: site.villaRentals,
    email: site.contact.villaEmail,
  };
}
