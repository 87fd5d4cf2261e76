/**
 * What a booking costs, worked out inside its write transaction: the package's price for the
 * group (core/tour-price.ts: per person, a tier, or a private tour's price for the group), less a
 * gift voucher, and the deposit its package asks online. Prices come from content/tours.json;
 * the deposit's share from the package's rules (server/bookings/schedule.ts).
 */
import type { Content } from "#content";
import { quoteTour, type TourQuote } from "#core/tour-price";
import type { TourPackageId } from "#forms/tour-booking";
import type { Schedule } from "./schedule";

/** A package's prices as the live content gives them; null for a package content no longer describes. */
export function packagePrices(content: Content, pkg: string) {
  return content.tours.packages.find((tour) => tour.id === pkg) ?? null;
}

/** Whether a package offers private tours (content gives their price). */
export const offersPrivate = (content: Content, pkg: string) => packagePrices(content, pkg)?.privatePrice !== undefined;

/** The price of a group on a package's tour (shared, or private when asked and offered). */
export function quote(content: Content, pkg: string, guests: number, privateTour: boolean): TourQuote | null {
  const prices = packagePrices(content, pkg);
  return prices ? quoteTour(prices, guests, privateTour) : null;
}

/**
 * The deposit of a booking of `pkg` costing `priceCents`: the package's share, rounded to the
 * cent; none when the estate asks none, when the package waits for the estate's answer (the
 * visitor pays only for a time the estate already promised), or when no payment provider is set.
 */
export function depositOf(schedule: Schedule, pkg: TourPackageId, priceCents: number, paymentsOn: boolean): number {
  const share = schedule.rules[pkg]?.depositPercent ?? 0;
  if (!paymentsOn || share === 0 || !schedule.instantConfirm[pkg] || priceCents <= 0) return 0;
  return Math.round((priceCents * share) / 100);
}
