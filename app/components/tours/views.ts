import type { TourPackage } from "#content";
import type { MeetingPoint } from "#content/meeting-point";
import type { TourPrices } from "#core/tour-price";

/** A tour package as the page shows it, in the page's language, worked out at build (views.server.ts). */
export interface TourPackageView {
  id: string;
  title: string;
  /** Price per person, formatted in the page's language. */
  price: string;
  /** The prices as numbers (per person, for groups, a private tour's), for the booking form's price as the group is typed. */
  prices: TourPrices;
  badge: TourPackage["badge"];
  /** What is tasted and what is visited. */
  wine: string;
  tour: string;
  /** How the booking form names the package once chosen. */
  selectedLabel: string;
  tastingNotes: boolean;
  /** Where its guests meet, and how they get there. */
  meetingPoint: Omit<MeetingPoint, "addressInText">;
  /** Its prices besides the price per person, one line each: from a group size on, a private tour's ("from 6 people: €60 per person"). */
  otherPrices: string[];
}

/**
 * The visit's length and group size, worded at build: a count worded in the browser would cost
 * the page its first `Intl.NumberFormat` while it hydrates (docs/performance.md, "A quiet main
 * thread").
 */
export interface TourFacts {
  duration: string;
  groupSize: string;
}

/** Everything the tours page shows that is not an interface label. */
export interface ToursView {
  packages: TourPackageView[];
  /** The visit's length and group size as each package lists them ("About 90 minutes"). */
  packageFacts: TourFacts;
  /** The same facts as the highlights under the packages title them. */
  highlights: TourFacts;
  transportProvided: boolean;
  /** The guides' languages, named and joined in the page's language ("French and Chinese"). */
  guideLanguages: string;
  /** The same as a sentence says them (« en français et en chinois »). */
  guidedIn: string;
}
