/**
 * Where a tour package's guests meet, in a language: the place's name, its postal address (as an
 * address line, and as French sentences write the street) and how to get there. The tours page,
 * the booking form and the visitor's e-mails and calendar files name it from here, with the site's
 * facts they are given (the server's live content, or the build's).
 */
import type { Language } from "#core/languages";
import { postalAddress } from "./address";
import { localNames } from "./names";
import type { Site } from "./schemas/site";
import type { TourPackage } from "./schemas/tour";
import { formatText } from "./text";

export interface MeetingPoint {
  /** The place's name as the language writes it (蒙吉隆酒庄, « Château Mongiron »). */
  place: string;
  /** Its postal address on one line ("Route du Menhir, 33330 Saint-Sulpice-de-Faleyrens, Francia"). */
  address: string;
  /** The same with the street as French running text writes it (« route du Menhir »). */
  addressInText: string;
  /** How to get there, and on a tour of both châteaux from one to the other. */
  directions: string;
}

export function meetingPointOf(site: Site, tour: Pick<TourPackage, "meetingPoint">, lang: Language): MeetingPoint {
  const names = localNames(site, lang);
  const { at, directions } = tour.meetingPoint;
  const address = at === "estate" ? site.address : site.sisterEstate.address;
  return {
    place: at === "estate" ? names.estate : names.sisterEstate,
    address: postalAddress(address, lang),
    addressInText: postalAddress({ ...address, street: address.streetInText }, lang),
    directions: formatText(directions[lang], lang, { ...names }),
  };
}
