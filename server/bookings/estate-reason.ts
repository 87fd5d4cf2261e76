/**
 * Why the estate cancelled or moved a visit, as the staff give it (a ready reason, and words of
 * their own) and as the visitor's e-mail tells it: the estate did it and is sorry, never "as you
 * asked". "other" has no ready sentence: the staff's words, if any, say it.
 */
import type { Db } from "../db/database";
import { paymentOf } from "../db/tour-payments";
import { redemptionOf } from "../db/tour-vouchers";
import type { EstateReason, GivenBack } from "../mail/tour-visit";

export { estateReasons } from "../mail/tour-visit";
export type { EstateReason, GivenBack };

/**
 * What a booking would give back if it ended now: its paid deposit and the voucher it uses (its
 * standing use, read before the cancellation releases it; a value voucher gets back what this
 * booking took of it).
 */
export function givenBackBy(db: Db, id: string): GivenBack {
  const payment = paymentOf(db, id);
  const use = redemptionOf(db, id);
  return { refundCents: payment?.status === "paid" ? payment.amount_cents : 0, voucher: use && use.released_at === null ? use.code : null };
}
