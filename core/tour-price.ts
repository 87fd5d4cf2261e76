/**
 * What a tour costs a group, from its package's prices (content/tours.json): the price per person,
 * a tier from a group size on (per person, or one price for the group), or a private tour's price
 * for the group. In cents, so that no sum is off by a rounding. The tours page shows it as the
 * visitor types the group's size (app/components/tours/price-summary.tsx) and the server charges
 * it (server/bookings/pricing.ts): one function for both.
 */

/** A package's prices as content/tours.json gives them, in euros. */
export interface TourPrices {
  /** Per person (the specification's price). */
  price: number;
  /** From `from` people on: another price per person, or one price for the whole group. */
  groupPrices?: readonly ({ from: number; perPerson: number } | { from: number; perGroup: number })[];
  /** A private tour (the time closes to others): one price for the group. Absent: not offered. */
  privatePrice?: number | undefined;
}

/** What a group pays: in total and per person (cents), and which price applied. */
export interface TourQuote {
  totalCents: number;
  perPersonCents: number;
  basis: "person" | "tier" | "group" | "private";
}

const cents = (euros: number) => Math.round(euros * 100);

/** The price of `guests` people, on a shared or a private tour. */
export function quoteTour(prices: TourPrices, guests: number, privateTour = false): TourQuote {
  const people = Math.max(1, Math.floor(guests));
  if (privateTour && prices.privatePrice !== undefined) {
    const total = cents(prices.privatePrice);
    return { totalCents: total, perPersonCents: Math.round(total / people), basis: "private" };
  }
  const tier = [...(prices.groupPrices ?? [])].sort((a, b) => b.from - a.from).find((candidate) => candidate.from <= people);
  if (tier && "perGroup" in tier) {
    const total = cents(tier.perGroup);
    return { totalCents: total, perPersonCents: Math.round(total / people), basis: "group" };
  }
  const each = cents(tier ? tier.perPerson : prices.price);
  return { totalCents: each * people, perPersonCents: each, basis: tier ? "tier" : "person" };
}
