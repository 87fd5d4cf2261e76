/**
 * What the tours' experiences add to the bookings' places (`tour_slot_bookings`, migration 80):
 * the groups waiting for a tour's minimum, a pending booking's reason and hold, and the
 * after-visit e-mail's mark. Every function runs inside the caller's transaction; the rules are
 * server/bookings/experiences.ts's.
 */
import type { TourPackageId } from "#forms/tour-booking";
import type { Db } from "./database";
import type { WaitingFor } from "./tour-ledger";

/** A package's time on a day. */
export interface PackageTime {
  package: TourPackageId;
  date: string;
  time: string;
}

/** People who count towards a tour's minimum at a package's time: confirmed groups and those waiting for the minimum. */
export function peopleTowardsMinimum(db: Db, slot: PackageTime, now: Date): number {
  return (
    db
      .prepare(
        `SELECT coalesce(sum(guests), 0) AS n FROM tour_slot_bookings WHERE package = ? AND slot_date = ? AND slot_time = ?
         AND (status = 'confirmed' OR (status = 'pending' AND waiting_for = 'minimum' AND hold_until > ?))`,
      )
      .get(slot.package, slot.date, slot.time, now.toISOString()) as { n: number }
  ).n;
}

/** The bookings at a package's time still waiting for its minimum, oldest first. */
export function waitingForMinimum(db: Db, slot: PackageTime, now: Date): string[] {
  return (
    db
      .prepare(
        `SELECT booking_id FROM tour_slot_bookings WHERE package = ? AND slot_date = ? AND slot_time = ? AND status = 'pending'
         AND waiting_for = 'minimum' AND hold_until > ? ORDER BY created_at`,
      )
      .all(slot.package, slot.date, slot.time, now.toISOString()) as { booking_id: string }[]
  ).map((row) => row.booking_id);
}

/** A pending booking now waits for something else, until `holdUntil`; false when it is no longer pending. */
export function setWaiting(db: Db, id: string, waitingFor: WaitingFor, holdUntil: Date, now: Date): boolean {
  return (
    db
      .prepare("UPDATE tour_slot_bookings SET waiting_for = ?, hold_until = ?, updated_at = ? WHERE booking_id = ? AND status = 'pending'")
      .run(waitingFor, holdUntil.toISOString(), now.toISOString(), id).changes === 1
  );
}

/** A visit checked in whose thank-you e-mail is not queued yet. */
export interface VisitToThank {
  bookingId: string;
  package: TourPackageId;
  date: string;
  time: string;
}

/** Confirmed visits from `from` to `to` (days, both included) marked arrived, whose thank-you e-mail was not queued. */
export function visitsToThank(db: Db, from: string, to: string): VisitToThank[] {
  return db
    .prepare(
      `SELECT booking_id AS bookingId, package, slot_date AS date, slot_time AS time FROM tour_slot_bookings
       WHERE status = 'confirmed' AND attendance = 'arrived' AND thanks_queued_at IS NULL AND slot_date BETWEEN ? AND ?`,
    )
    .all(from, to) as VisitToThank[];
}

/** Marks a visit's thank-you e-mail queued; false when it already was (another sweep got there first). */
export function markThanked(db: Db, id: string, now: Date): boolean {
  return (
    db.prepare("UPDATE tour_slot_bookings SET thanks_queued_at = ? WHERE booking_id = ? AND thanks_queued_at IS NULL").run(now.toISOString(), id).changes === 1
  );
}
