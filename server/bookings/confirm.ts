/**
 * The staff confirm a booking that waits for their answer, or take back their decline of one, in
 * one transaction with its places counted (the booking's own left out): refused when the time
 * has no room for it, unless an admin overrides with a reason (cal.com #10789), which the history
 * keeps, and always when a private tour would share its time (G2). A decline taken back brings
 * the booking back whole or not at all (G3): its voucher taken again (used meanwhile: refused,
 * unless the staff bring it back at its full price), and a deposit that was refunded asked again
 * through a new payment link rather than left refunded on a confirmed booking. The visitor is told.
 */
import { auditActions, recordAudit } from "../db/audit";
import { setPrice, slotBookingById, type SlotStatus } from "../db/tour-ledger";
import { paymentOf } from "../db/tour-payments";
import { askDeposit } from "./ask-deposit";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import { setBookingStatus } from "./booking-status";
import { sendPaymentLink } from "./checkout";
import type { Bookings } from "./deps";
import { roomFor } from "./ledger";
import { bookingType } from "../forms";
import { bookingFacts } from "./visits";
import { retakeVoucher } from "./vouchers";

/** Who confirms, whether an admin places the group over the places left (and why), and whether to bring a booking back at its full price when its voucher was used meanwhile. */
export interface StaffConfirmation {
  actor: string;
  override: boolean;
  reason: string;
  fullPrice?: boolean;
}

/**
 * What became of a confirmation or an undo: done; refused for want of places ("full"), for a
 * private tour's time ("private"), because its voucher was used meanwhile ("voucher-used"), its
 * deposit's refund is still on its way ("refunding"), or it waits for its deposit, not for the
 * estate ("payment"); "deposit" when an undo asked the deposit again (the guest mailed the link);
 * "stale" when it no longer waits.
 */
export type ConfirmOutcome = "done" | "full" | "private" | "voucher-used" | "refunding" | "payment" | "deposit" | "stale";

/** Confirms a booking waiting for the estate's answer (or for its tour's minimum group, when the estate runs it anyway). */
export function confirmBooking(deps: Bookings, id: string, staff: StaffConfirmation): Promise<ConfirmOutcome> {
  return confirmFrom(deps, id, "pending", auditActions.slotConfirmed, staff);
}

/** Takes back a decline: the booking confirmed again, as a confirmation is, with its voucher and its deposit. */
export async function undoDecline(deps: Bookings, id: string, staff: StaffConfirmation): Promise<ConfirmOutcome> {
  const outcome = await confirmFrom(deps, id, "declined", auditActions.slotDeclineUndone, staff);
  if (outcome === "deposit") await sendPaymentLink(deps, id);
  return outcome;
}

function confirmFrom(deps: Bookings, id: string, from: SlotStatus, action: string, staff: StaffConfirmation): Promise<ConfirmOutcome> {
  return deps.commits.run((tx): ConfirmOutcome => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const visit = slotBookingById(tx, id);
    if (!visit || visit.status !== from) return "stale";
    // A booking waiting for its deposit is the guest's to pay, not the estate's to confirm.
    if (from === "pending" && visit.waitingFor === "payment") return "payment";
    const options = { except: id, private: visit.private };
    const room = roomFor(tx, schedule, visit, visit.guests, now, { ...options, overCapacity: staff.override });
    if (room !== "free") return room;
    const overbooked = roomFor(tx, schedule, visit, visit.guests, now, options) !== "free";
    const slot = `${visit.date} ${visit.time}`;
    const target = { type: bookingType, id };
    const deposit = from === "declined" ? paymentOf(tx, id) : null;
    if (deposit?.status === "refund-due") return "refunding";
    if (from === "declined" && retakeVoucher(tx, id, visit.package, now) === "used") {
      if (!staff.fullPrice) return "voucher-used";
      const full = visit.listPriceCents ?? visit.priceCents ?? 0;
      setPrice(tx, id, { priceCents: full, note: null }, now);
      recordAudit(
        tx,
        { actor: staff.actor, action: auditActions.priceChanged, target, detail: { from: visit.priceCents, to: full, reason: "voucher-used" } },
        now,
      );
    }
    // Over the places: the override and its reason are what the history keeps.
    const history = overbooked
      ? { action: auditActions.slotOverbooked, detail: { slot, overbooked: true, reason: staff.reason } }
      : { action, detail: { slot, overbooked: false } };
    if (deposit) {
      // Its deposit was refunded (or never paid): asked again, the booking waiting for it.
      setBookingStatus(tx, id, ["declined"], "pending", now, now);
      askDeposit(tx, schedule, { id, slot: visit }, deposit.amount_cents, now);
      recordAudit(tx, { actor: staff.actor, action: history.action, target, detail: { ...history.detail, deposit: "asked-again" } }, now);
      return "deposit";
    }
    setBookingStatus(tx, id, [from], "confirmed", now);
    recordAudit(tx, { actor: staff.actor, action: history.action, target, detail: history.detail }, now);
    queueMails(tx, bookingMails([{ kind: "confirmed", booking: bookingFacts(tx, id)!, by: "staff" }], mailFacts(deps, schedule)));
    return "done";
  });
}
