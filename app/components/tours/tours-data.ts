/**
 * The tour packages and facts (content/tours.json), checked against content/schemas/tour.ts at
 * build. Only the types come from the schema, so zod stays out of the page's JavaScript.
 */
import toursJson from "../../../content/tours.json";
import type { TourPackageId, ToursFile } from "../../../content/schemas/tour";

export type { TourFacts, TourPackage, TourPackageId } from "../../../content/schemas/tour";

const tours = toursJson as ToursFile;

export const tourFacts = tours.facts;
export const tourPackages = tours.packages;

export function findTourPackage(id: TourPackageId | null) {
  return tourPackages.find((p) => p.id === id);
}

/** The guides' languages named in the page's language and joined as a list ("French and Chinese"). */
export function guideLanguageList(tag: string, codes: readonly string[] = tourFacts.guideLanguages): string {
  const names = new Intl.DisplayNames([tag], { type: "language" });
  return new Intl.ListFormat(tag, { type: "conjunction" }).format(codes.map((code) => names.of(code) ?? code));
}
