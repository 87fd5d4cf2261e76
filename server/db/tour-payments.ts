/**
 * Deposits paid through the payment provider (`tour_payments` and `payment_events`, migration 83).
 * Each function runs inside the caller's transaction; the flow is server/bookings/payments.ts's.
 */
import type { Db } from "./database";

export type PaymentStatus = "open" | "paid" | "expired" | "refund-due" | "refunded";

export interface PaymentRow {
  booking_id: string;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  session_id: string | null;
  checkout_url: string | null;
  expires_at: string;
  payment_intent: string | null;
  refund_id: string | null;
  created_at: string;
  updated_at: string;
  /** 1, and one more each time the deposit is asked again (its checkout and refund then have their own keys). */
  attempt: number;
}

export function insertPayment(db: Db, payment: { bookingId: string; amountCents: number; expiresAt: Date }, now: Date): void {
  db.prepare("INSERT INTO tour_payments (booking_id, amount_cents, status, expires_at, created_at, updated_at) VALUES (?, ?, 'open', ?, ?, ?)").run(
    payment.bookingId,
    payment.amountCents,
    payment.expiresAt.toISOString(),
    now.toISOString(),
    now.toISOString(),
  );
}

export function paymentOf(db: Db, bookingId: string): PaymentRow | null {
  return (db.prepare("SELECT * FROM tour_payments WHERE booking_id = ?").get(bookingId) as PaymentRow | undefined) ?? null;
}

/** The payment of each of `ids` that has one, by booking id. */
export function paymentsOf(db: Db, ids: readonly string[]): Map<string, PaymentRow> {
  if (ids.length === 0) return new Map();
  const rows = db.prepare(`SELECT * FROM tour_payments WHERE booking_id IN (${ids.map(() => "?").join(", ")})`).all(...ids) as PaymentRow[];
  return new Map(rows.map((row) => [row.booking_id, row]));
}

/** The provider's checkout session of an open payment, once it made one. */
export function setCheckout(db: Db, bookingId: string, session: { id: string; url: string }, now: Date): void {
  db.prepare("UPDATE tour_payments SET session_id = ?, checkout_url = ?, updated_at = ? WHERE booking_id = ? AND status = 'open'").run(
    session.id,
    session.url,
    now.toISOString(),
    bookingId,
  );
}

/** Changes a payment's status, only from one of `from`; false when it was not in one of them. */
export function setPaymentStatus(
  db: Db,
  bookingId: string,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  now: Date,
  extra: { paymentIntent?: string; refundId?: string } = {},
): boolean {
  return (
    db
      .prepare(
        `UPDATE tour_payments SET status = ?, updated_at = ?, payment_intent = coalesce(?, payment_intent), refund_id = coalesce(?, refund_id)
         WHERE booking_id = ? AND status IN (${from.map(() => "?").join(", ")})`,
      )
      .run(to, now.toISOString(), extra.paymentIntent ?? null, extra.refundId ?? null, bookingId, ...from).changes === 1
  );
}

/**
 * Asks a booking's deposit again (after an undo of a booking whose deposit was refunded, or whose
 * checkout ended): a new attempt, open until `expiresAt`, its checkout still to make. False when
 * the deposit is paid, or its refund is still to be made (its payment is needed for that).
 */
export function reopenPayment(db: Db, bookingId: string, expiresAt: Date, now: Date): boolean {
  return (
    db
      .prepare(
        `UPDATE tour_payments SET status = 'open', attempt = attempt + 1, session_id = NULL, checkout_url = NULL, payment_intent = NULL, refund_id = NULL,
           expires_at = ?, updated_at = ? WHERE booking_id = ? AND status IN ('refunded', 'expired', 'open')`,
      )
      .run(expiresAt.toISOString(), now.toISOString(), bookingId).changes === 1
  );
}

/** Payments of cancelled bookings whose refund is still to be asked for. */
export function refundsDue(db: Db): PaymentRow[] {
  return db.prepare("SELECT * FROM tour_payments WHERE status = 'refund-due' ORDER BY updated_at").all() as PaymentRow[];
}

/** Records a provider event as acted on; false when it was already (a replay). */
export function recordPaymentEvent(db: Db, id: string, type: string, now: Date): boolean {
  return (
    db.prepare("INSERT INTO payment_events (event_id, type, received_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING").run(id, type, now.toISOString()).changes ===
    1
  );
}
