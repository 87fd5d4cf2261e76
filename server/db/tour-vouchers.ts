/**
 * Gift vouchers (`tour_vouchers`, migrations 82 and 101) and their uses
 * (`tour_voucher_redemptions`). A value voucher keeps what is left (`remaining_cents`), taken by
 * one conditional UPDATE inside the booking's write transaction, so however many bookings ask at
 * once, no more than it is worth is ever taken; a tour's voucher is used once (`redeemed_by`, the
 * same way). Each use is a row (which booking, how much, when, and when it was given back). The
 * rules are server/bookings/vouchers.ts's.
 */
import type { Db } from "./database";

export interface VoucherRow {
  code: string;
  kind: "value" | "package";
  amount_cents: number | null;
  package: string | null;
  guests: number | null;
  valid_until: string;
  note: string;
  created_by: string;
  created_at: string;
  /** A tour's voucher: the booking that uses it. */
  redeemed_by: string | null;
  redeemed_at: string | null;
  /** A value voucher: what is left of it (cents). */
  remaining_cents: number | null;
  voided_at: string | null;
  voided_by: string | null;
  void_reason: string | null;
  /** The gift card: who gives it, to whom, with what words, in which language; its printable page's private link. */
  buyer_name: string;
  buyer_email: string;
  recipient: string;
  message: string;
  language: string;
  card_token: string | null;
  /** Bought online: the order it came from. */
  order_id: string | null;
}

/** What a new voucher is made of (the rest is set as it is used, voided or edited). */
export type NewVoucherRow = Pick<
  VoucherRow,
  | "code"
  | "kind"
  | "amount_cents"
  | "package"
  | "guests"
  | "valid_until"
  | "note"
  | "created_by"
  | "created_at"
  | "buyer_name"
  | "buyer_email"
  | "recipient"
  | "message"
  | "language"
  | "card_token"
  | "order_id"
>;

export function insertVoucher(db: Db, voucher: NewVoucherRow): void {
  db.prepare(
    `INSERT INTO tour_vouchers (code, kind, amount_cents, remaining_cents, package, guests, valid_until, note, created_by, created_at,
       buyer_name, buyer_email, recipient, message, language, card_token, order_id)
     VALUES (@code, @kind, @amount_cents, @amount_cents, @package, @guests, @valid_until, @note, @created_by, @created_at,
       @buyer_name, @buyer_email, @recipient, @message, @language, @card_token, @order_id)`,
  ).run(voucher);
}

export function voucherByCode(db: Db, code: string): VoucherRow | null {
  return (db.prepare("SELECT * FROM tour_vouchers WHERE code = ?").get(code) as VoucherRow | undefined) ?? null;
}

/** The voucher a gift card's private link names. */
export function voucherByCardToken(db: Db, token: string): VoucherRow | null {
  return (db.prepare("SELECT * FROM tour_vouchers WHERE card_token = ?").get(token) as VoucherRow | undefined) ?? null;
}

/** The voucher a booking uses now (given back when the booking ended: none). */
export function voucherOfBooking(db: Db, bookingId: string): VoucherRow | null {
  return (
    (db
      .prepare("SELECT v.* FROM tour_voucher_redemptions r JOIN tour_vouchers v ON v.code = r.code WHERE r.booking_id = ? AND r.released_at IS NULL")
      .get(bookingId) as VoucherRow | undefined) ?? null
  );
}

/** The vouchers made from `from` to `to` (ISO instants, `to` excluded), oldest first. */
export function vouchersCreatedBetween(db: Db, from: string, to: string): VoucherRow[] {
  return db.prepare("SELECT * FROM tour_vouchers WHERE created_at >= ? AND created_at < ? ORDER BY created_at").all(from, to) as VoucherRow[];
}

/** Every voucher, newest first (at most `limit`). */
export function listVouchers(db: Db, limit = 500): VoucherRow[] {
  return db.prepare("SELECT * FROM tour_vouchers ORDER BY created_at DESC, code LIMIT ?").all(limit) as VoucherRow[];
}

/** A voucher's use by a booking: how much it took off, when, and when the booking gave it back (null: it still does). */
export interface Redemption {
  booking_id: string;
  code: string;
  /** Null for a use recorded before amounts were kept (a tour's voucher then). */
  amount_cents: number | null;
  redeemed_at: string;
  released_at: string | null;
}

/** The use of a voucher by a booking, standing or given back. */
export function redemptionOf(db: Db, bookingId: string): Redemption | null {
  return (db.prepare("SELECT * FROM tour_voucher_redemptions WHERE booking_id = ?").get(bookingId) as Redemption | undefined) ?? null;
}

/** The standing use of a voucher by each of `ids` that has one (given back: none), by booking id. */
export function redemptionsOfBookings(db: Db, ids: readonly string[]): Map<string, Redemption> {
  if (ids.length === 0) return new Map();
  const rows = db
    .prepare(`SELECT * FROM tour_voucher_redemptions WHERE released_at IS NULL AND booking_id IN (${ids.map(() => "?").join(", ")})`)
    .all(...ids) as Redemption[];
  return new Map(rows.map((row) => [row.booking_id, row]));
}

/** For each of `codes`, the booking that used it last and still does (the list links to it). */
export function lastUses(db: Db, codes: readonly string[]): Map<string, { bookingId: string; at: string }> {
  const uses = new Map<string, { bookingId: string; at: string }>();
  for (const use of redemptionsOf(db, codes)) if (use.released_at === null) uses.set(use.code, { bookingId: use.booking_id, at: use.redeemed_at });
  return uses;
}

/** Who used a voucher and when, oldest first: each use with the name on its booking. */
export function redemptionsOf(db: Db, codes: readonly string[]): (Redemption & { name: string | null })[] {
  if (codes.length === 0) return [];
  return db
    .prepare(
      `SELECT r.*, t.name FROM tour_voucher_redemptions r LEFT JOIN tour_bookings t ON t.id = r.booking_id
       WHERE r.code IN (${codes.map(() => "?").join(", ")}) ORDER BY r.redeemed_at`,
    )
    .all(...codes) as (Redemption & { name: string | null })[];
}

/**
 * Takes `cents` off a value voucher, only when it is not voided, valid on `today` (null: not
 * checked, for a booking taking back what it used before) and has that much left. True when taken.
 */
export function takeFromValue(db: Db, code: string, cents: number, today: string | null): boolean {
  return (
    db
      .prepare(
        `UPDATE tour_vouchers SET remaining_cents = remaining_cents - ? WHERE code = ? AND kind = 'value' AND voided_at IS NULL
         AND (CAST(? AS TEXT) IS NULL OR valid_until >= ?) AND remaining_cents >= ? AND remaining_cents > 0`,
      )
      .run(cents, code, today, today, cents).changes === 1
  );
}

/**
 * Uses a tour's voucher for a booking of `pkg`, only when it is not voided, unused, valid on
 * `today` (null: not checked) and for that package. True when this booking got it.
 */
export function takeWhole(db: Db, code: string, bookingId: string, pkg: string, today: string | null, now: Date): boolean {
  return (
    db
      .prepare(
        `UPDATE tour_vouchers SET redeemed_by = ?, redeemed_at = ? WHERE code = ? AND kind = 'package' AND package = ? AND voided_at IS NULL
         AND redeemed_by IS NULL AND (CAST(? AS TEXT) IS NULL OR valid_until >= ?)`,
      )
      .run(bookingId, now.toISOString(), code, pkg, today, today).changes === 1
  );
}

/** Records (or records again) a booking's use of a voucher. */
export function recordRedemption(db: Db, use: { bookingId: string; code: string; amountCents: number }, now: Date): void {
  db.prepare(
    `INSERT INTO tour_voucher_redemptions (booking_id, code, amount_cents, redeemed_at, released_at) VALUES (?, ?, ?, ?, NULL)
     ON CONFLICT (booking_id) DO UPDATE SET code = excluded.code, amount_cents = excluded.amount_cents, redeemed_at = excluded.redeemed_at, released_at = NULL`,
  ).run(use.bookingId, use.code, use.amountCents, now.toISOString());
}

/**
 * Gives `cents` of a booking's standing use of a value voucher back to the voucher (its group got
 * smaller and costs less than it took): the use keeps the rest. False when the booking has no such use.
 */
export function givePartBack(db: Db, bookingId: string, cents: number): boolean {
  const use = db.prepare("SELECT * FROM tour_voucher_redemptions WHERE booking_id = ? AND released_at IS NULL").get(bookingId) as Redemption | undefined;
  if (!use || cents <= 0 || (use.amount_cents ?? 0) < cents) return false;
  if (db.prepare("UPDATE tour_vouchers SET remaining_cents = remaining_cents + ? WHERE code = ? AND kind = 'value'").run(cents, use.code).changes !== 1)
    return false;
  db.prepare("UPDATE tour_voucher_redemptions SET amount_cents = amount_cents - ? WHERE booking_id = ? AND released_at IS NULL").run(cents, bookingId);
  return true;
}

/**
 * Gives back the voucher of a booking that no longer takes place (cancelled, declined, expired):
 * what it took goes back on a value voucher, a tour's voucher is free again. The use stays,
 * marked given back. Null when the booking used none (or gave it back already).
 */
export function releaseRedemption(db: Db, bookingId: string, now: Date): Redemption | null {
  const use = db.prepare("SELECT * FROM tour_voucher_redemptions WHERE booking_id = ? AND released_at IS NULL").get(bookingId) as Redemption | undefined;
  if (!use) return null;
  db.prepare("UPDATE tour_voucher_redemptions SET released_at = ? WHERE booking_id = ? AND released_at IS NULL").run(now.toISOString(), bookingId);
  db.prepare("UPDATE tour_vouchers SET remaining_cents = remaining_cents + ? WHERE code = ? AND kind = 'value'").run(use.amount_cents ?? 0, use.code);
  db.prepare("UPDATE tour_vouchers SET redeemed_by = NULL, redeemed_at = NULL WHERE code = ? AND redeemed_by = ?").run(use.code, bookingId);
  return { ...use, released_at: now.toISOString() };
}

/** Voids a voucher (it stays, shown voided; nothing can use it any more); false when it was voided already. */
export function voidVoucher(db: Db, code: string, by: string, reason: string, now: Date): boolean {
  return (
    db
      .prepare("UPDATE tour_vouchers SET voided_at = ?, voided_by = ?, void_reason = ? WHERE code = ? AND voided_at IS NULL")
      .run(now.toISOString(), by, reason, code).changes === 1
  );
}

/** What the staff may change of a voucher: its last day, its note, and its gift card's names, message and language. */
export interface VoucherEdit {
  valid_until: string;
  note: string;
  buyer_name: string;
  recipient: string;
  message: string;
  language: string;
}

export function editVoucher(db: Db, code: string, edit: VoucherEdit): boolean {
  return (
    db
      .prepare(
        "UPDATE tour_vouchers SET valid_until = @valid_until, note = @note, buyer_name = @buyer_name, recipient = @recipient, message = @message, language = @language WHERE code = @code",
      )
      .run({ ...edit, code }).changes === 1
  );
}

/** Gives a voucher its gift card's private link (one made before gift cards had none). */
export function setCardToken(db: Db, code: string, token: string): void {
  db.prepare("UPDATE tour_vouchers SET card_token = ? WHERE code = ? AND card_token IS NULL").run(token, code);
}

/** A gift voucher bought online (`voucher_orders`): what is bought, for whom, and where its payment stands. */
export interface VoucherOrderRow {
  id: string;
  kind: "value" | "package";
  amount_cents: number | null;
  package: string | null;
  guests: number | null;
  /** What the buyer pays (cents). */
  price_cents: number;
  currency: string;
  buyer_name: string;
  buyer_email: string;
  recipient: string;
  message: string;
  language: string;
  status: "open" | "paid" | "expired";
  session_id: string | null;
  checkout_url: string | null;
  payment_intent: string | null;
  /** The voucher it made once paid. */
  code: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string;
}

export type NewVoucherOrder = Pick<
  VoucherOrderRow,
  "id" | "kind" | "amount_cents" | "package" | "guests" | "price_cents" | "buyer_name" | "buyer_email" | "recipient" | "message" | "language" | "expires_at"
>;

export function insertVoucherOrder(db: Db, order: NewVoucherOrder, now: Date): void {
  db.prepare(
    `INSERT INTO voucher_orders (id, kind, amount_cents, package, guests, price_cents, buyer_name, buyer_email, recipient, message, language, status, created_at, updated_at, expires_at)
     VALUES (@id, @kind, @amount_cents, @package, @guests, @price_cents, @buyer_name, @buyer_email, @recipient, @message, @language, 'open', @now, @now, @expires_at)`,
  ).run({ ...order, now: now.toISOString() });
}

export function voucherOrderById(db: Db, id: string): VoucherOrderRow | null {
  return (db.prepare("SELECT * FROM voucher_orders WHERE id = ?").get(id) as VoucherOrderRow | undefined) ?? null;
}

/** Keeps an order's checkout (its session and page). */
export function setVoucherOrderCheckout(db: Db, id: string, session: { id: string; url: string }, now: Date): void {
  db.prepare("UPDATE voucher_orders SET session_id = ?, checkout_url = ?, updated_at = ? WHERE id = ?").run(session.id, session.url, now.toISOString(), id);
}

/**
 * Marks an order paid by `sessionId` (once: false when it was paid already, or the session is not
 * its own), and the voucher it made.
 */
export function markVoucherOrderPaid(db: Db, id: string, paid: { sessionId: string; paymentIntent: string | null; code: string }, now: Date): boolean {
  return (
    db
      .prepare(
        `UPDATE voucher_orders SET status = 'paid', payment_intent = ?, code = ?, updated_at = ? WHERE id = ? AND status != 'paid'
         AND (session_id IS NULL OR session_id = ?)`,
      )
      .run(paid.paymentIntent, paid.code, now.toISOString(), id, paid.sessionId).changes === 1
  );
}

/** An order whose checkout ended unpaid (or could not start). */
export function expireVoucherOrder(db: Db, id: string, now: Date): boolean {
  return db.prepare("UPDATE voucher_orders SET status = 'expired', updated_at = ? WHERE id = ? AND status = 'open'").run(now.toISOString(), id).changes === 1;
}
