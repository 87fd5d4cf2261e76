/**
 * What the audit log keeps when the staff place a group in a time (a phone or walk-in booking, a
 * request confirmed into a time): who placed it, where, and, when an admin went over the places
 * left, that they did and why.
 */
import { auditActions, recordAudit } from "../db/audit";
import type { Db } from "../db/database";
import type { Slot } from "./schedule";
import { bookingType } from "../forms";

export interface StaffPlacement {
  actor: string;
  bookingId: string;
  /** A booking the staff entered, or a request they confirmed into a time. */
  placed: "created" | "confirmed";
  slot: Slot;
  guests: number;
  /** The group went over the places left (an admin's override), for this reason. */
  overbooked: boolean;
  reason: string;
}

/** Records the placing, and the override when there was one, in the transaction that placed the group. */
export function recordStaffPlacement(tx: Db, placement: StaffPlacement, now: Date): void {
  const { actor, bookingId } = placement;
  const target = { type: bookingType, id: bookingId };
  const slot = `${placement.slot.date} ${placement.slot.time}`;
  if (placement.placed === "created")
    recordAudit(tx, { actor, action: auditActions.bookingCreatedByStaff, target, detail: { slot, guests: placement.guests } }, now);
  else recordAudit(tx, { actor, action: auditActions.bookingConfirmed, target, detail: { local: slot, slot } }, now);
  if (placement.overbooked)
    recordAudit(tx, { actor, action: auditActions.slotOverbooked, target, detail: { slot, overbooked: true, reason: placement.reason } }, now);
}
