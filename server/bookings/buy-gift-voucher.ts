/**
 * A visitor buys a gift voucher online (as Bookeo and pretix sell them): an amount, or a tour for
 * a number of people at its price, for someone, with a message, in the buyer's language. The
 * order is stored, then the payment provider's checkout made for it (its own idempotency key);
 * when its webhook says it is paid, one transaction makes the voucher (valid a year), marks the
 * order paid, logs the sale, queues the gift card to the buyer in their language and tells the
 * estate, in the staff's. A checkout
 * that ends unpaid, or cannot be made, leaves the order expired and no voucher.
 */
import { randomUUID } from "node:crypto";
import type { Language } from "#core/languages";
import { formatPrice } from "#core/format";
import { apiPaths } from "#core/paths";
import { translator } from "#locales";
import { auditActions, paymentProviderActor, recordAudit } from "../db/audit";
import { enqueueMail } from "../db/outbox";
import { composeVoucherSold } from "../mail/tour-estate";
import type { Db } from "../db/database";
import { expireVoucherOrder, insertVoucherOrder, markVoucherOrderPaid, setVoucherOrderCheckout, voucherByCode, voucherOrderById } from "../db/tour-vouchers";
import type { Bookings } from "./deps";
import { queueGiftCard } from "./gift-vouchers";
import { addMonths, localOf } from "./paris-time";
import type { PaymentEvent } from "./payments";
import { quote } from "./pricing";
import { createVoucher } from "./vouchers";

/** How long a gift voucher's checkout stays open (the provider's shortest). */
const checkoutMinutes = 30;

/** What a visitor buys: an amount or a tour for some people, who it is from and for, their words, and the card's language. */
export type GiftVoucherPurchase = ({ kind: "value"; amountCents: number } | { kind: "package"; package: string; guests: number }) & {
  buyerName: string;
  buyerEmail: string;
  recipient: string;
  message: string;
  language: Language;
};

/**
 * Orders a gift voucher and makes its checkout: the checkout page's address, "unavailable" when no
 * payment provider is set or it cannot be reached (nothing is sold), or "no-price" for a tour the
 * content no longer prices.
 */
export async function orderGiftVoucher(deps: Bookings, purchase: GiftVoucherPurchase): Promise<{ checkoutUrl: string } | "unavailable" | "no-price"> {
  const provider = deps.payments;
  if (!provider) return "unavailable";
  const priceCents =
    purchase.kind === "value" ? purchase.amountCents : (quote(deps.content.current, purchase.package, purchase.guests, false)?.totalCents ?? 0);
  if (priceCents <= 0) return "no-price";
  const id = randomUUID();
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + checkoutMinutes * 60_000);
  await deps.commits.run((tx) =>
    insertVoucherOrder(
      tx,
      {
        id,
        kind: purchase.kind,
        amount_cents: purchase.kind === "value" ? purchase.amountCents : null,
        package: purchase.kind === "package" ? purchase.package : null,
        guests: purchase.kind === "package" ? purchase.guests : null,
        price_cents: priceCents,
        buyer_name: purchase.buyerName,
        buyer_email: purchase.buyerEmail,
        recipient: purchase.recipient,
        message: purchase.message,
        language: purchase.language,
        expires_at: expiresAt.toISOString(),
      },
      now,
    ),
  );
  const { t } = translator(purchase.language);
  // What the checkout page and its receipt say is paid: a gift card, and what it is worth.
  const item =
    purchase.kind === "value"
      ? t("checkout.voucherValueItem", { amount: formatPrice(purchase.amountCents / 100, purchase.language) })
      : t("checkout.voucherTourItem", { tour: deps.estate().tourName(purchase.package, purchase.language), count: purchase.guests });
  const { siteUrl } = provider.settings;
  const back = (page: string) => `${siteUrl}${page}?${new URLSearchParams({ lang: purchase.language })}`;
  try {
    const session = await provider.voucherCheckout({
      orderId: id,
      amountCents: priceCents,
      currency: "eur",
      email: purchase.buyerEmail,
      language: purchase.language,
      item,
      expiresAt,
      successUrl: back(apiPaths.giftVoucherPaid),
      cancelUrl: back(apiPaths.giftVoucherOrder),
    });
    await deps.commits.run((tx) => setVoucherOrderCheckout(tx, id, session, deps.now()));
    return { checkoutUrl: session.url };
  } catch (error) {
    deps.log.warn({ err: error, order: id }, "payments: a gift voucher's checkout could not be made");
    await deps.commits.run((tx) => expireVoucherOrder(tx, id, deps.now()));
    return "unavailable";
  }
}

/**
 * The provider's word on a gift voucher's checkout, inside the webhook's transaction: paid, the
 * voucher is made and its card queued to the buyer (once, whatever the retries); ended unpaid, the
 * order expires. "ignored" for an order the site does not know, or a session not its own.
 */
export function voucherOrderEvent(tx: Db, deps: Bookings, checkout: Exclude<PaymentEvent["checkout"], null | "unreadable">, now: Date): "done" | "ignored" {
  const order = voucherOrderById(tx, checkout.voucherOrder ?? "");
  if (!order || (order.session_id !== null && order.session_id !== checkout.sessionId)) return "ignored";
  if (checkout.outcome === "expired") {
    expireVoucherOrder(tx, order.id, now);
    return "done";
  }
  if (!checkout.paid || order.status === "paid") return checkout.paid ? "done" : "ignored";
  const card = { buyerName: order.buyer_name, buyerEmail: order.buyer_email, recipient: order.recipient, message: order.message, language: order.language };
  const validUntil = addMonths(localOf(now).date, 12);
  const code =
    order.kind === "value"
      ? createVoucher(tx, { kind: "value", amountCents: order.amount_cents ?? 0, validUntil, note: "", ...card }, order.buyer_email, now, order.id)
      : createVoucher(
          tx,
          { kind: "package", package: order.package ?? "", guests: order.guests ?? 1, validUntil, note: "", ...card },
          order.buyer_email,
          now,
          order.id,
        );
  markVoucherOrderPaid(tx, order.id, { sessionId: checkout.sessionId, paymentIntent: checkout.paymentIntent ?? null, code }, now);
  const detail = { order: order.id, priceCents: order.price_cents, currency: order.currency };
  recordAudit(tx, { actor: paymentProviderActor, action: auditActions.voucherSold, target: { type: "voucher", id: code }, detail }, now);
  queueGiftCard(tx, deps, voucherByCode(tx, code)!, order.buyer_email);
  // The estate hears of the sale, as it hears of a deposit paid (with SMTP set).
  const mail = deps.mail();
  if (mail) {
    const sold = {
      code,
      kind: order.kind,
      amountCents: order.amount_cents,
      package: order.package,
      guests: order.guests,
      validUntil,
      buyerName: order.buyer_name,
      buyerEmail: order.buyer_email,
      recipient: order.recipient,
      paidCents: order.price_cents,
    };
    enqueueMail(tx, composeVoucherSold(sold, mail), { type: "voucher", id: code }, new Date().toISOString());
  }
  return "done";
}
