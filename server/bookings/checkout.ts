/**
 * A deposit's checkout at the payment provider, after the booking that asks it is committed
 * (./book.ts): the provider's page made once and kept with the payment, or, when it cannot be made,
 * the time held for it released at once.
 */
import { textIn } from "#content/text";
import { formatEventDate, formatTime } from "#core/format";
import { localizePath, pagePaths } from "#core/paths";
import { translator } from "#locales";
import { paymentOf, setCheckout } from "../db/tour-payments";
import { manageLink } from "../mail/tour-visit";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import { setBookingStatus } from "./booking-status";
import type { Bookings } from "./deps";
import type { PaymentProvider } from "./payments";
import { packagePrices } from "./pricing";
import { bookingFacts, visitOf } from "./visits";
import { offerFreedPlaces } from "./waitlist";

/**
 * The provider's checkout page for a booking's deposit, in the visitor's language, ending with the
 * time held for it; what it says is paid (and the receipt after it) names the deposit, the tour, its
 * day and time and the group (the native readers' N15); the visitor comes back to their private page, paid or not. Rejects when the
 * provider cannot be reached.
 */
export async function startCheckout(deps: Bookings, provider: PaymentProvider, bookingId: string): Promise<string> {
  const payment = paymentOf(deps.db, bookingId);
  const visit = visitOf(deps.db, bookingId);
  if (!payment || !visit) throw new Error(`no deposit to pay for booking ${bookingId}`);
  if (payment.checkout_url) return payment.checkout_url;
  const tour = packagePrices(deps.content.current, visit.package);
  const { siteUrl } = provider.settings;
  const session = await provider.checkout({
    bookingId,
    attempt: payment.attempt,
    amountCents: payment.amount_cents,
    currency: payment.currency,
    email: visit.email,
    language: visit.language,
    item: translator(visit.language).t("checkout.depositItem", {
      tour: tour ? textIn(tour.selectedLabel, visit.language) : visit.package,
      date: formatEventDate(visit.date, visit.language),
      time: formatTime(visit.time, visit.language),
      count: visit.guests,
    }),
    expiresAt: new Date(payment.expires_at),
    successUrl: manageLink(siteUrl, visit.token),
    cancelUrl: new URL(localizePath(visit.language, pagePaths.wineTours), siteUrl).toString(),
  });
  await deps.commits.run((tx) => setCheckout(tx, bookingId, session, deps.now()));
  return session.url;
}

/**
 * The payment link of a deposit the estate asked (./ask-deposit.ts): the provider's checkout made
 * for it, then mailed to the guest in their language (a guest without an address is given it by
 * the staff, from the booking's page). Resolves with the link, or null when the provider could not
 * be reached: the booking then lapses at once, as a visitor's would.
 */
export async function sendPaymentLink(deps: Bookings, bookingId: string): Promise<string | null> {
  const provider = deps.payments;
  let url: string | null = null;
  try {
    if (provider) url = await startCheckout(deps, provider, bookingId);
  } catch (error) {
    deps.log.warn({ err: error, booking: bookingId }, "payments: a payment link's checkout could not be made");
  }
  if (!url) {
    await abandonCheckout(deps, bookingId);
    return null;
  }
  await deps.commits.run((tx) => {
    const booking = bookingFacts(tx, bookingId);
    if (booking?.status === "pending" && booking.waitingFor === "payment") queueMails(tx, bookingMails([{ kind: "depositAsked", booking }], mailFacts(deps)));
  });
  return url;
}

/** A checkout that could not start: the time held for it is released now (the visitor is asked to try again). */
export async function abandonCheckout(deps: Bookings, bookingId: string): Promise<void> {
  await deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    if (!setBookingStatus(tx, bookingId, ["pending"], "expired", now)) return;
    const events = [{ kind: "expired" as const, booking: bookingFacts(tx, bookingId)!, via: "checkout" as const }, ...offerFreedPlaces(tx, schedule, now)];
    queueMails(tx, bookingMails(events, mailFacts(deps, schedule)));
  });
}
