/**
 * A new booking's price, worked out inside the transaction that records it, from the one pricing
 * the visitor sees (./pricing.ts, on core/tour-price.ts): the group's price (per person, a tier,
 * or a private tour's), less the gift voucher it gives (redeemed there and then: ./vouchers.ts).
 * Every path that makes a booking with a time prices it here: the visitor's, the staff's (a phone
 * or walk-in visitor), a request confirmed into a time, a waitlist's offer taken.
 */
import type { Content } from "#content";
import type { Db } from "../db/database";
import { quote } from "./pricing";
import { redeem, type Redeemed } from "./vouchers";

/** What a group pays: the pricing's price, what its voucher took off, and the rest. */
export interface GroupPrice {
  listCents: number;
  /** The voucher used, or null. */
  voucher: Redeemed | null;
  priceCents: number;
}

/**
 * Prices a group of `guests` on `pkg` (a private tour when asked and offered) and redeems its
 * voucher for booking `id`; throws `VoucherRefused` (rolling the booking back) when the voucher
 * cannot be used.
 */
export function priceGroup(
  tx: Db,
  content: Content,
  group: { id: string; package: string; guests: number; private: boolean; voucher: string | null },
  now: Date,
): GroupPrice {
  const listCents = quote(content, group.package, group.guests, group.private)?.totalCents ?? 0;
  const voucher = group.voucher ? redeem(tx, content, group.voucher, { id: group.id, package: group.package, priceCents: listCents }, now) : null;
  return { listCents, voucher, priceCents: listCents - (voucher?.takenCents ?? 0) };
}
