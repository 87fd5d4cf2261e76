/**
 * The staff change a booking's group (the guest calls: two more people, one fewer), as one script
 * in one transaction: the new group checked against its time's places (its own left out; a
 * private tour keeps the whole time; over the places only for an admin with a reason), the group
 * stored, its price worked out again from the one pricing less what its voucher took (a value
 * voucher that took more than the smaller group now costs gets the difference back), and the
 * change with both prices in the audit log.
 */
import { auditActions, recordAudit } from "../db/audit";
import { setGuests, setPrice, slotBookingById } from "../db/tour-ledger";
import { givePartBack, redemptionOf } from "../db/tour-vouchers";
import { bookingType } from "../forms";
import type { Bookings } from "./deps";
import { checkPlaces, SlotRefused } from "./ledger";
import { quote } from "./pricing";

/** The new group, and an admin's reason to place it over the places left (empty: none). */
export interface GroupChange {
  guests: number;
  overCapacity: boolean;
  reason: string;
}

/** "done", "stale" when the booking no longer holds a time, or why its time refuses the new group. */
export async function changeGroup(deps: Bookings, id: string, change: GroupChange, actor: string): Promise<"done" | "stale" | SlotRefused> {
  try {
    return await deps.commits.run((tx) => {
      const now = deps.now();
      const booking = slotBookingById(tx, id);
      if (!booking || (booking.status !== "confirmed" && booking.status !== "pending")) return "stale";
      if (booking.guests === change.guests) return "done";
      const schedule = deps.schedule.current();
      checkPlaces(tx, schedule, booking, change.guests, now, { except: id, byStaff: true, private: booking.private, overCapacity: change.overCapacity });
      setGuests(tx, id, change.guests, now);
      const listCents = quote(deps.content.current, booking.package, change.guests, booking.private)?.totalCents ?? 0;
      const use = redemptionOf(tx, id);
      const taken = use && use.released_at === null ? (use.amount_cents ?? 0) : 0;
      // A value voucher that paid for more than the smaller group costs gets the difference back (G9).
      const voucherBackCents = taken > listCents && givePartBack(tx, id, taken - listCents) ? taken - listCents : 0;
      const voucherCents = taken - voucherBackCents;
      const priceCents = Math.max(0, listCents - voucherCents);
      setPrice(tx, id, { priceCents, listPriceCents: listCents, note: null }, now);
      const detail = {
        from: booking.guests,
        to: change.guests,
        priceFrom: booking.priceCents,
        priceTo: priceCents,
        ...(voucherBackCents > 0 ? { voucher: use!.code, voucherBackCents } : {}),
        ...(change.overCapacity ? { reason: change.reason } : {}),
      };
      recordAudit(tx, { actor, action: auditActions.groupChanged, target: { type: bookingType, id }, detail }, now);
      return "done";
    });
  } catch (error) {
    if (error instanceof SlotRefused) return error;
    throw error;
  }
}
