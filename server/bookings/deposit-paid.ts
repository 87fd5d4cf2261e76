/**
 * The payment provider's word on a deposit (its signed webhook), acted on in one transaction with
 * the event's id recorded, so a replayed event changes nothing. A paid checkout confirms its
 * booking (or, on a tour still short of its minimum group, has it wait for the people; or, when its
 * time lapsed meanwhile, takes the places again if they are free); a booking with nothing left to
 * pay for has its deposit refunded; an expired checkout frees its places.
 */
import { auditActions, paymentProviderActor, recordAudit } from "../db/audit";
import { setWaiting, slotBookingById, type SlotBooking } from "../db/tour-ledger";
import { paymentOf, recordPaymentEvent, setPaymentStatus } from "../db/tour-payments";
import type { BookingEvent } from "./booking-events";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import { setBookingStatus } from "./booking-status";
import type { Bookings } from "./deps";
import { placesFree } from "./ledger";
import { confirmGroupsAtMinimum, reachesMinimum } from "./minimum-group";
import type { PaymentProvider } from "./payments";
import { refundWhatIsDue } from "./refund";
import { minimumHoldEnd } from "./schedule";
import { bookingType } from "../forms";
import { bookingFacts } from "./visits";
import { retakeVoucher } from "./vouchers";
import { voucherOrderEvent } from "./buy-gift-voucher";
import { offerFreedPlaces } from "./waitlist";

/**
 * Acts on a webhook: `WebhookRefused` when its signature does not hold, `WebhookMalformed` when
 * the signed body is no event; "duplicate" for an event already acted on, "ignored" for one about
 * nothing the bookings know (or a checkout's whose session cannot be read, recorded all the same).
 */
export async function paymentEvent(deps: Bookings, provider: PaymentProvider, body: Buffer, signature: string | undefined) {
  const event = provider.event(body, signature);
  const outcome = await deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    if (!recordPaymentEvent(tx, event.id, event.type, now)) return "duplicate" as const;
    const { checkout } = event;
    if (!checkout) return "ignored" as const;
    if (checkout === "unreadable") {
      deps.log.warn({ event: event.id, type: event.type }, "payments: a signed event's checkout session could not be read: recorded and ignored");
      return "ignored" as const;
    }
    // A gift voucher bought online, not a deposit.
    if (checkout.voucherOrder) return voucherOrderEvent(tx, deps, checkout, now);
    const payment = paymentOf(tx, checkout.bookingId);
    if (!payment || (payment.session_id !== null && payment.session_id !== checkout.sessionId)) return "ignored" as const;
    const events: BookingEvent[] = [];
    if (checkout.outcome === "expired") {
      // The checkout ended unpaid: its time is released now rather than at the next sweep.
      if (setPaymentStatus(tx, checkout.bookingId, ["open"], "expired", now) && setBookingStatus(tx, checkout.bookingId, ["pending"], "expired", now))
        events.push({ kind: "expired", booking: bookingFacts(tx, checkout.bookingId)!, via: "provider" });
    } else {
      if (!checkout.paid) return "ignored" as const;
      const intent = checkout.paymentIntent ? { paymentIntent: checkout.paymentIntent } : {};
      if (!setPaymentStatus(tx, checkout.bookingId, ["open", "expired"], "paid", now, intent)) return "done" as const;
      const detail = { amount: payment.amount_cents, currency: payment.currency };
      recordAudit(tx, { actor: paymentProviderActor, action: auditActions.depositPaid, target: { type: bookingType, id: checkout.bookingId }, detail }, now);
      const visit = slotBookingById(tx, checkout.bookingId);
      const held = visit?.status === "pending" && visit.waitingFor === "payment";
      // Paid just as its time lapsed: when the places are still free and its voucher was not used
      // meanwhile (taken again here), the booking stands (G3).
      const lapsed = visit?.status === "expired" && visit.waitingFor === "payment";
      const freeAgain = (booking: SlotBooking) =>
        placesFree(tx, schedule, booking, booking.guests, now, { except: booking.bookingId, byStaff: true, private: booking.private });
      const comesBack = visit !== null && lapsed && freeAgain(visit) && retakeVoucher(tx, visit.bookingId, visit.package, now) !== "used";
      if (!visit || !(held || comesBack)) {
        // Nothing to pay for any more (cancelled, its places or its voucher gone): the deposit goes back.
        setPaymentStatus(tx, checkout.bookingId, ["paid"], "refund-due", now);
      } else {
        if (comesBack) setBookingStatus(tx, visit.bookingId, ["expired"], "pending", now, now);
        if (!visit.private && !reachesMinimum(tx, schedule, visit, visit.guests, now)) {
          // Its tour still lacks people: it waits for them until the cut-off.
          setWaiting(tx, visit.bookingId, "minimum", minimumHoldEnd(schedule, visit), now);
          const booking = bookingFacts(tx, visit.bookingId)!;
          events.push({ kind: "waitingForMinimum", booking }, { kind: "depositPaid", booking, amountCents: payment.amount_cents, waiting: true });
        } else if (setBookingStatus(tx, visit.bookingId, ["pending"], "confirmed", now)) {
          // Confirmed, it may bring its time to the minimum: the groups waiting for it are confirmed too.
          const booking = bookingFacts(tx, visit.bookingId)!;
          events.push(
            { kind: "confirmed", booking, by: "deposit" },
            { kind: "depositPaid", booking, amountCents: payment.amount_cents, waiting: false },
            ...confirmGroupsAtMinimum(tx, schedule, visit, now),
          );
        }
      }
    }
    events.push(...offerFreedPlaces(tx, schedule, now));
    queueMails(tx, bookingMails(events, mailFacts(deps, schedule)));
    return "done" as const;
  });
  refundWhatIsDue(deps);
  return outcome;
}
