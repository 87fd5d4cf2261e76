/**
 * A change of the schedule, as the estate makes it: the bookings it would touch listed first
 * (`affectedBy`: nothing is changed silently), then the change and the staff's choice for each of
 * them applied in one transaction (`applyScheduleChange`): each kept (its tour still runs for it at
 * its own time, marked off the schedule), moved (its places counted under the new schedule, the
 * visitor's e-mail with the same calendar UID and a higher SEQUENCE) or cancelled (the visitor's
 * e-mail, `METHOD:CANCEL`), each choice in the booking's history and the change with all of them
 * in the audit log; the places freed offered to the waitlist.
 */
import { auditActions, recordAudit } from "../db/audit";
import type { Db } from "../db/database";
import { heldBookingsBetween, moveSlotBooking, type HeldBooking } from "../db/tour-ledger";
import type { BookingEvent } from "./booking-events";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import { setBookingStatus } from "./booking-status";
import type { Bookings } from "./deps";
import { givenBackBy, type EstateReason } from "./estate-reason";
import { checkPlaces, fits, placesTaken, SlotRefused, type OpenSlot } from "./ledger";
import { addDays, localOf, type LocalTime } from "./paris-time";
import { refundWhatIsDue } from "./refund";
import {
  capacityOf,
  hasSlot,
  isClosed,
  proposedSchedule,
  readSchedule,
  slotInstant,
  writeScheduleChange,
  type AffectReason,
  type Schedule,
  type ScheduleChange,
  type Slot,
} from "./schedule";
import { bookingType } from "../forms";
import { bookingFacts, staffMoveOptions } from "./visits";
import { offerFreedPlaces } from "./waitlist";

/** A booking a schedule change touches, with the times it could move to under the new schedule. */
export interface Affected {
  booking: HeldBooking;
  reason: AffectReason;
  moveOptions: OpenSlot[];
}

/** What an applied change did: the bookings moved, cancelled and kept, and the e-mails it queued (the guests', the waitlist's, the estate's). */
export interface ChangeSummary {
  moved: number;
  cancelled: number;
  kept: number;
  mails: number;
}

/** What the staff chose for a booking a schedule change touches. */
export type Decision = { action: "keep" } | { action: "cancel" } | { action: "move"; to: LocalTime };

/** A move chosen for a schedule change could not be made: the whole change is refused. */
export class MoveRefused extends Error {
  override name = "MoveRefused";
  constructor(
    readonly booking: HeldBooking,
    readonly to: LocalTime,
    readonly refusal: SlotRefused,
  ) {
    super(`move of ${booking.bookingId} refused: ${refusal.reason}`);
  }
}

/** The bookings `change` would touch (nothing written), as the warning page lists them. */
export function affectedBy(deps: Bookings, change: ScheduleChange): Affected[] {
  return affectedIn(deps.db, deps.schedule.current(), change, deps.now());
}

/**
 * The bookings a change touches: each future booking holding places whose time the change takes
 * off the schedule (a closed day, a time removed for the week or that date), or whose time's
 * capacity it lowers below the places booked there. Bookings already off the schedule or over
 * capacity before the change are not touched again. Each comes with the times it could move to
 * under the new schedule (its own day and the week after).
 */
function affectedIn(db: Db, current: Schedule, change: ScheduleChange, now: Date): Affected[] {
  const next = proposedSchedule(current, change);
  const affected: Affected[] = [];
  const over = (schedule: Schedule, slot: Slot) => placesTaken(db, schedule, slot, now) > capacityOf(schedule, slot);
  for (const booking of heldBookingsBetween(db, localOf(now).date, "9999-12-31", now)) {
    if (slotInstant(current, booking).getTime() <= now.getTime()) continue;
    const wasOn = hasSlot(current, booking);
    const isOn = hasSlot(next, booking);
    const reason: AffectReason | null =
      wasOn && !isOn
        ? isClosed(next, booking.date)
          ? "closed"
          : "removed"
        : isOn && over(next, booking) && !(wasOn && over(current, booking))
          ? "capacity"
          : null;
    if (!reason) continue;
    const moveOptions = Array.from({ length: 8 }, (_, i) => addDays(booking.date, i))
      .flatMap((day) => staffMoveOptions(db, next, booking, day, now))
      // A private tour is offered only the times nobody else holds.
      .filter((slot) => fits(slot, booking))
      .slice(0, 12);
    affected.push({ booking, reason, moveOptions });
  }
  return affected;
}

/**
 * Applies a change and settles every booking it touches as the staff chose. "Not done" with the
 * touched bookings when one of them has no choice (a booking made after the warning was shown);
 * throws `MoveRefused` when a chosen time has no room left (nothing is written). The schedule is
 * read again afterwards, written or not.
 */
export async function applyScheduleChange(
  deps: Bookings,
  change: ScheduleChange,
  decisions: ReadonlyMap<string, Decision>,
  actor: string,
  why: EstateReason | null = null,
): Promise<{ done: true; id: number | null; summary: ChangeSummary } | { done: false; affected: Affected[] }> {
  try {
    const result = await deps.commits.run((tx) => {
      const now = deps.now();
      const affected = affectedIn(tx, deps.schedule.current(), change, now);
      if (affected.some((one) => !decisions.has(one.booking.bookingId))) return { done: false as const, affected };
      const id = writeScheduleChange(tx, change, now);
      const schedule = readSchedule(tx);
      const settled: Record<string, unknown>[] = [];
      const events: BookingEvent[] = [];
      for (const { booking, reason } of affected) {
        const decision = decisions.get(booking.bookingId)!;
        const target = { type: bookingType, id: booking.bookingId };
        const slot = `${booking.date} ${booking.time}`;
        const changedBy = { by: "schedule" as const, actor, reason, why };
        if (decision.action === "move") {
          const to = { package: booking.package, ...decision.to };
          try {
            checkPlaces(tx, schedule, to, booking.guests, now, { except: booking.bookingId, byStaff: true, private: booking.private });
          } catch (error) {
            if (error instanceof SlotRefused) throw new MoveRefused(booking, to, error);
            throw error;
          }
          moveSlotBooking(tx, booking.bookingId, to, now);
          const moved = `${to.date} ${to.time}`;
          recordAudit(tx, { actor, action: auditActions.slotMoved, target, detail: { from: slot, to: moved, reason: `schedule-${reason}` } }, now);
          events.push({ kind: "moved", booking: bookingFacts(tx, booking.bookingId)!, from: booking, changedBy });
          settled.push({ booking: booking.bookingId, decision: "move", from: slot, to: moved });
        } else if (decision.action === "cancel") {
          const givenBack = givenBackBy(tx, booking.bookingId);
          setBookingStatus(tx, booking.bookingId, ["pending", "confirmed"], "cancelled", now);
          recordAudit(tx, { actor, action: auditActions.slotCancelled, target, detail: { slot, reason: `schedule-${reason}` } }, now);
          events.push({ kind: "cancelled", booking: bookingFacts(tx, booking.bookingId)!, changedBy, givenBack });
          settled.push({ booking: booking.bookingId, decision: "cancel", slot });
        } else {
          recordAudit(tx, { actor, action: auditActions.slotKept, target, detail: { slot, reason: `schedule-${reason}` } }, now);
          settled.push({ booking: booking.bookingId, decision: "keep", slot });
        }
      }
      const detail = { ...changeDetail(change), ...(id !== null ? { id } : {}), ...(why ? { why: why.preset, note: why.note } : {}), bookings: settled };
      recordAudit(tx, { actor, action: changeAction[change.kind], target: { type: "schedule", id: "tours" }, detail }, now);
      const mails = bookingMails([...events, ...offerFreedPlaces(tx, schedule, now)], mailFacts(deps, schedule));
      queueMails(tx, mails);
      const count = (action: string) => settled.filter((one) => one.decision === action).length;
      return { done: true as const, id, summary: { moved: count("move"), cancelled: count("cancel"), kept: count("keep"), mails: mails.length } };
    });
    refundWhatIsDue(deps);
    return result;
  } finally {
    deps.schedule.changed();
  }
}

/** The audit log's action for each kind of schedule change. */
const changeAction = {
  settings: auditActions.scheduleChanged,
  "closure-add": auditActions.closureAdded,
  "closure-remove": auditActions.closureRemoved,
  "date-add": auditActions.dateChangeAdded,
  "date-move": auditActions.dateChangeAdded,
  "date-remove": auditActions.dateChangeRemoved,
} as const satisfies Record<ScheduleChange["kind"], string>;

/** What the audit log keeps of a schedule change. */
function changeDetail(change: ScheduleChange): Record<string, unknown> {
  switch (change.kind) {
    case "settings":
      return { ...change.settings };
    case "closure-add":
      return { ...change.closure };
    case "date-add":
      return { ...change.change };
    case "date-move":
      return { ...change.change, movedTo: change.to };
    case "closure-remove":
    case "date-remove":
      return { id: change.id };
  }
}
