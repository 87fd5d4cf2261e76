/** The day's check-in of a confirmed booking, from the day sheet or its page: arrived, absent (a no-show), or cleared; kept in its history. */
import type { Attendance } from "../db/tour-ledger";
import { auditActions, recordAudit } from "../db/audit";
import { setAttendance } from "../db/tour-ledger";
import type { Bookings } from "./deps";
import { bookingType } from "../forms";

/** Marks the check-in (null clears it): "stale" when the booking is not one that can be checked in. */
export function markAttendance(deps: Bookings, id: string, attendance: Attendance | null, actor: string): Promise<"done" | "stale"> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    if (!setAttendance(tx, id, attendance, now)) return "stale" as const;
    const action =
      attendance === "arrived" ? auditActions.slotArrived : attendance === "no-show" ? auditActions.slotNoShow : auditActions.slotAttendanceCleared;
    recordAudit(tx, { actor, action, target: { type: bookingType, id } }, now);
    return "done" as const;
  });
}
