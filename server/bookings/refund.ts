/**
 * Deposits given back: each payment due for refund (its booking cancelled, declined or lapsed:
 * ./booking-status.ts marks it, in the transaction that ended the booking) is refunded by the
 * provider, one after another, each once whatever the retries; one the provider refuses now is
 * asked again at the next sweep. Run after the commit of a change that may end a paid booking,
 * and by the minute's sweep.
 */
import { auditActions, paymentProviderActor, recordAudit } from "../db/audit";
import { refundsDue, setPaymentStatus } from "../db/tour-payments";
import type { Bookings } from "./deps";
import { bookingType } from "../forms";

/** Asks the provider for each refund due; resolves with how many went (0 without a provider). */
export function settleRefunds(deps: Bookings): Promise<number> {
  const provider = deps.payments;
  if (!provider) return Promise.resolve(0);
  return provider.inTurn(async () => {
    let count = 0;
    for (const due of refundsDue(deps.db)) {
      if (!due.payment_intent) continue;
      try {
        const refund = await provider.refund(due.payment_intent, due.booking_id, due.attempt);
        await deps.commits.run((tx) => {
          const now = deps.now();
          if (!setPaymentStatus(tx, due.booking_id, ["refund-due"], "refunded", now, { refundId: refund.id })) return;
          const detail = { amount: due.amount_cents, currency: due.currency };
          recordAudit(
            tx,
            { actor: paymentProviderActor, action: auditActions.depositRefunded, target: { type: bookingType, id: due.booking_id }, detail },
            now,
          );
        });
        count += 1;
      } catch (error) {
        deps.log.warn({ err: error, booking: due.booking_id }, "payments: a refund could not be asked for, trying again at the next sweep");
      }
    }
    return count;
  });
}

/** Asks for the refunds due now, without waiting (a failure is logged, and tried again at the next sweep). */
export function refundWhatIsDue(deps: Bookings): void {
  void settleRefunds(deps);
}
