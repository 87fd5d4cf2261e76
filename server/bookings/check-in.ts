/**
 * The day's check-in of a confirmed booking, from the day sheet or its page: arrived, absent (a
 * no-show), or cleared; kept in its history. A guest can be marked arrived from the tour's day on
 * (on the estate's clock), and absent only once the tour has started: a tour days ahead has no
 * check-in, and nobody is a no-show before their time (G11). Clearing a mark is always allowed.
 */
import type { Attendance } from "../db/tour-ledger";
import { auditActions, recordAudit } from "../db/audit";
import { setAttendance, slotBookingById } from "../db/tour-ledger";
import type { Bookings } from "./deps";
import { localOf, type LocalTime } from "./paris-time";
import { slotInstant, type Schedule } from "./schedule";
import { bookingType } from "../forms";

/** Which marks the check-in allows for a tour at `now`: arrived from its day on, absent once it started. */
export interface CheckInsOpen {
  arrived: boolean;
  noShow: boolean;
}

export function checkInsOpen(schedule: Schedule, slot: LocalTime, now: Date): CheckInsOpen {
  return {
    arrived: localOf(now, schedule.zone).date >= slot.date,
    noShow: slotInstant(schedule, slot).getTime() <= now.getTime(),
  };
}

/**
 * Marks the check-in (null clears it): "stale" when the booking is not one that can be checked in,
 * "early" for an arrival before the tour's day or a no-show before the tour started.
 */
export function markAttendance(deps: Bookings, id: string, attendance: Attendance | null, actor: string): Promise<"done" | "stale" | "early"> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const booking = slotBookingById(tx, id);
    if (!booking) return "stale" as const;
    if (attendance !== null) {
      const open = checkInsOpen(deps.schedule.current(), booking, now);
      if (!(attendance === "arrived" ? open.arrived : open.noShow)) return "early" as const;
    }
    if (!setAttendance(tx, id, attendance, now)) return "stale" as const;
    const action =
      attendance === "arrived" ? auditActions.slotArrived : attendance === "no-show" ? auditActions.slotNoShow : auditActions.slotAttendanceCleared;
    recordAudit(tx, { actor, action, target: { type: bookingType, id } }, now);
    return "done" as const;
  });
}
