import type { TourPackage, TourPackageId } from "~/components/tours/tours-data";

/** A tour package as the page shows it, worked out at build (views.server.ts). */
export interface TourPackageView {
  id: TourPackageId;
  /** Price per person, formatted in the page's language. */
  price: string;
  badge: TourPackage["badge"];
  tastingNotes: boolean;
}

/** Everything the tours page shows that is not a translated string. */
export interface ToursView {
  packages: TourPackageView[];
  durationMinutes: number;
  maxGroupSize: number;
  transportProvided: boolean;
  /** The guides' languages, named and joined in the page's language ("French and Chinese"). */
  guideLanguages: string;
}
