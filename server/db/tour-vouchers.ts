/**
 * Gift vouchers (`tour_vouchers`, migration 82): made by the staff, redeemed once by a booking.
 * The redemption is one conditional UPDATE inside the booking's write transaction, so two
 * bookings with the same code, however close, find it free once. The rules are
 * server/bookings/vouchers.ts's.
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
  redeemed_by: string | null;
  redeemed_at: string | null;
}

export function insertVoucher(db: Db, voucher: Omit<VoucherRow, "redeemed_by" | "redeemed_at">): void {
  db.prepare(
    `INSERT INTO tour_vouchers (code, kind, amount_cents, package, guests, valid_until, note, created_by, created_at)
     VALUES (@code, @kind, @amount_cents, @package, @guests, @valid_until, @note, @created_by, @created_at)`,
  ).run(voucher);
}

export function voucherByCode(db: Db, code: string): VoucherRow | null {
  return (db.prepare("SELECT * FROM tour_vouchers WHERE code = ?").get(code) as VoucherRow | undefined) ?? null;
}

/** The voucher a booking redeemed, if any. */
export function voucherOfBooking(db: Db, bookingId: string): VoucherRow | null {
  return (db.prepare("SELECT * FROM tour_vouchers WHERE redeemed_by = ?").get(bookingId) as VoucherRow | undefined) ?? null;
}

/** The voucher each of `ids` redeemed, by booking id. */
export function vouchersOfBookings(db: Db, ids: readonly string[]): Map<string, VoucherRow> {
  if (ids.length === 0) return new Map();
  const rows = db.prepare(`SELECT * FROM tour_vouchers WHERE redeemed_by IN (${ids.map(() => "?").join(", ")})`).all(...ids) as VoucherRow[];
  return new Map(rows.map((row) => [row.redeemed_by!, row]));
}

/** The vouchers made from `from` to `to` (ISO instants, `to` excluded), oldest first. */
export function vouchersCreatedBetween(db: Db, from: string, to: string): VoucherRow[] {
  return db.prepare("SELECT * FROM tour_vouchers WHERE created_at >= ? AND created_at < ? ORDER BY created_at").all(from, to) as VoucherRow[];
}

/** Every voucher, newest first (at most `limit`). */
export function listVouchers(db: Db, limit = 500): VoucherRow[] {
  return db.prepare("SELECT * FROM tour_vouchers ORDER BY created_at DESC, code LIMIT ?").all(limit) as VoucherRow[];
}

/**
 * Redeems a voucher for a booking: only when it exists, is not redeemed, is valid on `today` and,
 * for a package's voucher, names that package. True when this booking got it.
 */
export function redeemVoucher(db: Db, code: string, bookingId: string, pkg: string, today: string, now: Date): boolean {
  return (
    db
      .prepare(
        `UPDATE tour_vouchers SET redeemed_by = ?, redeemed_at = ? WHERE code = ? AND redeemed_by IS NULL AND valid_until >= ?
         AND (kind = 'value' OR package = ?)`,
      )
      .run(bookingId, now.toISOString(), code, today, pkg).changes === 1
  );
}

/** Gives back the voucher of a booking that no longer takes place (cancelled, declined, expired); true when there was one. */
export function releaseVoucher(db: Db, bookingId: string): boolean {
  return db.prepare("UPDATE tour_vouchers SET redeemed_by = NULL, redeemed_at = NULL WHERE redeemed_by = ?").run(bookingId).changes === 1;
}
