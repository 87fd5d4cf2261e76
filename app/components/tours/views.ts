import type { TourPackage } from "#content";

/** A tour package as the page shows it, in the page's language, worked out at build (views.server.ts). */
export interface TourPackageView {
  id: string;
  title: string;
  /** Price per person, formatted in the page's language. */
  price: string;
  badge: TourPackage["badge"];
  /** What is tasted and what is visited. */
  wine: string;
  tour: string;
  /** How the booking form names the package once chosen. */
  selectedLabel: string;
  tastingNotes: boolean;
}

/** Everything the tours page shows that is not an interface label. */
export interface ToursView {
  packages: TourPackageView[];
  durationMinutes: number;
  maxGroupSize: number;
  transportProvided: boolean;
  /** The guides' languages, named and joined in the page's language ("French and Chinese"). */
  guideLanguages: string;
}
