/**
 * Gift vouchers for a tour (as Bookeo and pretix sell them): a code worth an amount, or a package
 * for a number of people, valid until a day. A visitor gives it when booking a time, and it is
 * redeemed in the booking's own write transaction: a value voucher takes off what the booking
 * costs, up to what is left of it, and keeps the rest for another booking; a tour's voucher is
 * used once. A booking that does not take place (cancelled, declined, expired) gives its voucher
 * back; one that comes back (an undone decline, a deposit paid after its hold lapsed) takes it
 * again, or is refused when it was used meanwhile. SQL: server/db/tour-vouchers.ts.
 */
import { randomBytes, randomInt } from "node:crypto";
import type { Content } from "#content";
import type { Db } from "../db/database";
import { insertVoucher, recordRedemption, redemptionOf, takeFromValue, takeWhole, voucherByCode, type VoucherRow } from "../db/tour-vouchers";
import { localOf } from "./paris-time";
import { quote } from "./pricing";

/** Why a voucher cannot be used: no such code, used already (or nothing left of it), past its day, for another tour, or voided by the estate. */
export class VoucherRefused extends Error {
  override name = "VoucherRefused";
  constructor(readonly reason: "unknown" | "used" | "expired" | "package" | "void") {
    super(`voucher refused: ${reason}`);
  }
}

/** Letters and digits no one confuses when reading a code aloud (no 0/O, 1/I/L, 5/S, 2/Z). */
const alphabet = "ABCDEFGHJKMNPQRTUVWXY346789";

/** A new code: twelve characters in three groups (`HLX7-K4MC-9QPA`), about 57 bits. */
function newVoucherCode(): string {
  const chars = Array.from({ length: 12 }, () => alphabet[randomInt(alphabet.length)]!);
  return [chars.slice(0, 4), chars.slice(4, 8), chars.slice(8)].map((group) => group.join("")).join("-");
}

/** The private link of a gift card's printable page: 32 random bytes. */
export const newCardToken = () => randomBytes(32).toString("base64url");

/** A code as a visitor types it: any case, with or without dashes and spaces. */
function normaliseCode(typed: string): string {
  const bare = typed.toUpperCase().replace(/[\s-]/g, "");
  return bare.length === 12 ? `${bare.slice(0, 4)}-${bare.slice(4, 8)}-${bare.slice(8)}` : bare;
}

/** Who a gift card is from and for, its words and its language (all optional for a voucher the office makes). */
interface GiftCard {
  buyerName?: string;
  buyerEmail?: string;
  recipient?: string;
  message?: string;
  language?: string;
}

/** What a voucher is made of: an amount, or a tour for a number of people; valid until a day. */
export type NewVoucher = (
  | { kind: "value"; amountCents: number; validUntil: string; note: string }
  | { kind: "package"; package: string; guests: number; validUntil: string; note: string }
) &
  GiftCard;

/** Makes a voucher with a fresh code and its gift card's private link; returns the code. */
export function createVoucher(db: Db, voucher: NewVoucher, actor: string, now: Date, orderId: string | null = null): string {
  const code = newVoucherCode();
  insertVoucher(db, {
    code,
    kind: voucher.kind,
    amount_cents: voucher.kind === "value" ? voucher.amountCents : null,
    package: voucher.kind === "package" ? voucher.package : null,
    guests: voucher.kind === "package" ? voucher.guests : null,
    valid_until: voucher.validUntil,
    note: voucher.note,
    created_by: actor,
    created_at: now.toISOString(),
    buyer_name: voucher.buyerName ?? "",
    buyer_email: voucher.buyerEmail ?? "",
    recipient: voucher.recipient ?? "",
    message: voucher.message ?? "",
    language: voucher.language ?? "fr",
    card_token: newCardToken(),
    order_id: orderId,
  });
  return code;
}

/** What a tour's voucher is worth on its tour: that tour's price for its people (cents). */
function packageWorth(content: Content, voucher: Pick<VoucherRow, "package" | "guests">): number {
  return quote(content, voucher.package ?? "", voucher.guests ?? 1, false)?.totalCents ?? 0;
}

/** What a voucher is worth when made (the reports count the vouchers sold so): its amount, or its tour's price for its people. */
export function voucherValue(content: Content, voucher: VoucherRow): number {
  return voucher.kind === "value" ? (voucher.amount_cents ?? 0) : packageWorth(content, voucher);
}

/** A voucher used by a booking, and what it took off the booking's price (cents). */
export interface Redeemed {
  voucher: VoucherRow;
  takenCents: number;
}

/**
 * Redeems `code` for a booking of `pkg` whose group's price is `priceCents`; call inside the
 * booking's write transaction. A value voucher takes off the price, up to what is left of it; a
 * tour's voucher its tour's price for its people, at most the booking's. Throws `VoucherRefused`
 * (the booking is then rolled back with it) when the code is unknown, voided, past its last day
 * (on the estate's clock), for another package, or used (nothing left of it).
 */
export function redeem(db: Db, content: Content, code: string, booking: { id: string; package: string; priceCents: number }, now: Date): Redeemed {
  const normalised = normaliseCode(code);
  const today = localOf(now).date;
  const found = voucherByCode(db, normalised);
  if (!found) throw new VoucherRefused("unknown");
  if (found.voided_at !== null) throw new VoucherRefused("void");
  if (found.valid_until < today) throw new VoucherRefused("expired");
  let taken: number;
  if (found.kind === "package") {
    if (found.package !== booking.package) throw new VoucherRefused("package");
    taken = Math.min(packageWorth(content, found), booking.priceCents);
    if (!takeWhole(db, normalised, booking.id, booking.package, today, now)) throw new VoucherRefused("used");
  } else {
    taken = Math.min(found.remaining_cents ?? 0, booking.priceCents);
    // Nothing left, or another booking took it first (the update finds less than asked): used.
    if ((found.remaining_cents ?? 0) <= 0 || !takeFromValue(db, normalised, taken, today)) throw new VoucherRefused("used");
  }
  recordRedemption(db, { bookingId: booking.id, code: normalised, amountCents: taken }, now);
  return { voucher: voucherByCode(db, normalised)!, takenCents: taken };
}

/**
 * A booking that gave its voucher back comes back (an undone decline, a deposit paid after its
 * hold lapsed): it takes the voucher again, the same amount, in the transaction that brings it
 * back. "none" when it used none, "taken" when it has it again, "used" when the voucher was used
 * meanwhile (or voided): the caller refuses, or brings it back at its full price.
 */
export function retakeVoucher(db: Db, bookingId: string, pkg: string, now: Date): "none" | "taken" | "used" {
  const use = redemptionOf(db, bookingId);
  if (!use || use.released_at === null) return "none";
  const voucher = voucherByCode(db, use.code);
  const amount = use.amount_cents ?? voucher?.amount_cents ?? 0;
  const taken = voucher?.kind === "package" ? takeWhole(db, use.code, bookingId, pkg, null, now) : amount === 0 || takeFromValue(db, use.code, amount, null);
  if (!taken) return "used";
  recordRedemption(db, { bookingId, code: use.code, amountCents: amount }, now);
  return "taken";
}
