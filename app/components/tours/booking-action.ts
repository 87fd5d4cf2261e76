/**
 * What the tours form's button commits the visitor to, by what sending it will do: the button says
 * it in so many words (C. conso. L. 221-14, TRLGDCU art. 98.2, CJEU C-249/21: a button that books a
 * paid service names the obligation to pay). No code of zod or Intl here: the page loads it.
 */
import { quoteTour, type TourPrices } from "#core/tour-price";

/**
 * What the availability answer says of a package besides its slots (server/api/tours.ts): the
 * smallest group its tour runs for, the share paid online, the hours before a tour when online
 * booking, moving and cancelling end, and whether a booking is confirmed at once or by the estate.
 */
export interface PackageRules {
  minGuests: number;
  depositPercent: number;
  cutoffHours: number;
  instantConfirm: boolean;
}

/** What the form holds when it is sent. */
export interface BookingChoice {
  /** The chosen time's `start`, "" for none (a request the estate answers). */
  slot: string;
  /** The chosen time has no place left: the booking joins its waitlist. */
  full: boolean;
  /** The package's rules, from the answer the chosen time came with. */
  rules: PackageRules | null;
  prices: TourPrices;
  guests: number;
  /** A private tour, asked and offered at that time. */
  privateTour: boolean;
  /** A gift voucher's code as typed: its value is known only to the server. */
  voucher: string;
}

/**
 * - `request`: no time, the estate answers (« Envoyer ma demande »);
 * - `waitlist`: a full time (« M’inscrire sur la liste d’attente »);
 * - `deposit`: a firm booking whose deposit is paid now (« Réserver et payer l’acompte (20 €) »);
 * - `firm`: a booking that obliges to pay, at the estate (« Réserver avec obligation de paiement »).
 *   A package the estate confirms itself gets it too: the visitor's order binds them once the
 *   estate accepts it, with no further step of theirs, so it is an order that obliges to pay; the
 *   notice above the button says it becomes firm with the estate's e-mail. So does a time waiting
 *   for its minimum group, which becomes firm by itself when the minimum is reached, and a booking
 *   with a voucher code, whose value (and so the deposit left) only the server knows.
 */
export type BookingAction = { kind: "request" } | { kind: "waitlist" } | { kind: "deposit"; cents: number } | { kind: "firm" };

export function bookingAction(choice: BookingChoice): BookingAction {
  if (choice.slot === "") return { kind: "request" };
  if (choice.full) return { kind: "waitlist" };
  const rules = choice.rules;
  if (rules && rules.depositPercent > 0 && rules.instantConfirm && choice.voucher.trim() === "") {
    const total = quoteTour(choice.prices, choice.guests, choice.privateTour).totalCents;
    const cents = Math.round((total * rules.depositPercent) / 100);
    if (cents > 0) return { kind: "deposit", cents };
  }
  return { kind: "firm" };
}
