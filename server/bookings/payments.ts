/**
 * Deposits and prepayment through the payment provider's hosted checkout (Stripe Checkout, with
 * Stripe's own Node library): a booking whose package asks a deposit holds its places while the
 * visitor pays on the provider's page (./experiences.ts `reserveExperience`), is confirmed by the
 * provider's signed webhook (checked with the library's `constructEvent`; an event already acted
 * on changes nothing, and one signed too long ago is refused), lapses and frees its places when
 * the checkout ends unpaid (the minute's sweep, ./service.ts `expireHolds`), and has its deposit
 * refunded when it is cancelled (./service.ts `releaseExtras` marks it; `settleRefunds` asks
 * the provider, once per booking, with an idempotency key). Without keys nothing is loaded and
 * nothing calls out. docs/deployment.md says how to go live; the tests run it against a local
 * stand-in of the provider's HTTP API (server/__tests__/support/payment-provider.ts).
 */
import type { Stripe } from "stripe";
import { z } from "zod";
import type { Checkout } from "./book";
import { localizePath, pagePaths } from "#core/paths";
import { textIn } from "#content/text";
import { auditActions, paymentProviderActor, recordAudit } from "../db/audit";
import { paymentOf, recordPaymentEvent, refundsDue, setCheckout, setPaymentStatus } from "../db/tour-payments";
import { manageLink } from "../mail/tour-visit";
import { confirmPaid } from "./experiences";
import { packagePrices } from "./pricing";
import type { TourService } from "./service";

/** Where the provider is, and the keys it gave the estate. */
export interface PaymentSettings {
  /** The secret API key (`sk_live_…`, `sk_test_…`). */
  secretKey: string;
  /** The webhook endpoint's signing secret (`whsec_…`). */
  webhookSecret: string;
  /** Another address for the provider's API (a local stand-in in tests); default: the provider's own. */
  apiUrl?: string | undefined;
  /** The site's public origin: the checkout sends the visitor back to their private page there. */
  siteUrl: string;
}

/** A webhook whose signature does not hold (forged, altered, or signed too long ago: a replay). */
export class WebhookRefused extends Error {
  override name = "WebhookRefused";
}

/** A signed body that is no event (no id, or not an object): nothing can be recorded of it. */
export class WebhookMalformed extends Error {
  override name = "WebhookMalformed";
}

/** What the site reads of an event: its id (recorded, so a retry is a duplicate) and its type. */
const eventShape = z.object({ id: z.string().min(1).max(255), type: z.string().min(1).max(255), data: z.unknown().optional() });

/** What the site reads of a checkout's session; anything else in it is left alone. */
const sessionShape = z.object({
  id: z.string().min(1),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_status: z.string().nullish(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
});

/** The time a signature header says it was made (`t=`), in seconds, or null. */
const signedAt = (signature: string) => {
  const seconds = /(?:^|,)\s*t=(\d{1,12})(?:,|$)/.exec(signature)?.[1];
  return seconds === undefined ? null : Number(seconds);
};

/** The provider's languages of its checkout page, by the site's languages. */
const checkoutLocales = { en: "en", fr: "fr", zh: "zh", es: "es", ja: "ja" } as const;

/** How long an event's signature is good for (the library's default): an older one is a replay. */
const toleranceSeconds = 300;

export class Payments implements Checkout {
  /** Refunds asked one after another, never two at once. */
  private refunding: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly stripe: Stripe,
    private readonly settings: PaymentSettings,
    private readonly tours: TourService,
    private readonly log: { warn: (object: object, message: string) => void },
  ) {}

  /** Loads the provider's library (only now: without keys it is never loaded) and connects it. */
  static async open(settings: PaymentSettings, tours: TourService, log: { warn: (object: object, message: string) => void }): Promise<Payments> {
    const { default: StripeLibrary } = await import("stripe");
    const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
    const stripe = new StripeLibrary(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(api
        ? { host: api.hostname, port: Number(api.port || (api.protocol === "https:" ? 443 : 80)), protocol: api.protocol === "https:" ? "https" : "http" }
        : {}),
    });
    return new Payments(stripe, settings, tours, log);
  }

  /**
   * The provider's checkout page for a booking's deposit, made once (the same booking asks with
   * the same idempotency key and gets the same page), in the visitor's language, ending with the
   * time held for it. The visitor comes back to their private page, paid or not.
   */
  async start(bookingId: string): Promise<string> {
    const payment = paymentOf(this.tours.db, bookingId);
    const visit = this.tours.visit(bookingId);
    if (!payment || !visit) throw new Error(`no deposit to pay for booking ${bookingId}`);
    if (payment.checkout_url) return payment.checkout_url;
    const tour = packagePrices(this.tours.content.current, visit.package);
    const back = manageLink(this.settings.siteUrl, visit.token);
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        client_reference_id: bookingId,
        customer_email: visit.email || undefined,
        locale: checkoutLocales[visit.language],
        expires_at: Math.floor(Date.parse(payment.expires_at) / 1000),
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: payment.currency,
              unit_amount: payment.amount_cents,
              product_data: { name: tour ? textIn(tour.selectedLabel, visit.language) : visit.package },
            },
          },
        ],
        metadata: { booking: bookingId },
        payment_intent_data: { metadata: { booking: bookingId } },
        success_url: back,
        cancel_url: new URL(localizePath(visit.language, pagePaths.wineTours), this.settings.siteUrl).toString(),
      },
      { idempotencyKey: `checkout-${bookingId}` },
    );
    if (!session.url) throw new Error(`the provider gave no checkout page for booking ${bookingId}`);
    await this.tours.change(() => setCheckout(this.tours.db, bookingId, { id: session.id, url: session.url! }, this.tours.now));
    return session.url;
  }

  /** A checkout that could not start: the time held for it is released now, the visitor asked to try again. */
  async abandon(bookingId: string): Promise<void> {
    await this.tours.change(() => {
      this.tours.setStatus(bookingId, ["pending"], "expired");
    });
  }

  /**
   * A webhook from the provider: its signature checked with the library (`WebhookRefused` when it
   * does not hold, or was made more than five minutes ago or ahead), its body read with a schema
   * (`WebhookMalformed` when it is no event; an event whose session cannot be read is recorded and
   * ignored, never a 500 retried for days), then acted on in one write
   * transaction with the event's id recorded, so that a replayed event changes nothing
   * ("duplicate"). A paid checkout confirms its booking (or, when its time lapsed meanwhile,
   * takes the places again if they are free, else refunds); an expired one frees its places.
   */
  async webhook(body: Buffer, signature: string | undefined): Promise<"done" | "duplicate" | "ignored"> {
    let signed: unknown;
    try {
      signed = this.stripe.webhooks.constructEvent(body, signature ?? "", this.settings.webhookSecret, toleranceSeconds);
    } catch (error) {
      throw new WebhookRefused(error instanceof Error ? error.message : "signature refused");
    }
    // The library only looks back: a signature made later than now (beyond the same tolerance) is refused too.
    const at = signedAt(signature ?? "");
    if (at !== null && at - Date.now() / 1000 > toleranceSeconds) throw new WebhookRefused("the signature is dated in the future");
    const read = eventShape.safeParse(signed);
    if (!read.success) throw new WebhookMalformed("the signed body is not an event with an id and a type");
    const event = read.data;
    return this.tours.change(() => {
      const now = this.tours.now;
      if (!recordPaymentEvent(this.tours.db, event.id, event.type, now)) return "duplicate" as const;
      if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded" && event.type !== "checkout.session.expired")
        return "ignored" as const;
      // Signed, so the provider's own; but a session the site cannot read is recorded and left alone, never a 500 retried for days.
      const object = sessionShape.safeParse((event.data as { object?: unknown } | null | undefined)?.object);
      if (!object.success) {
        this.log.warn({ event: event.id, type: event.type }, "payments: a signed event's checkout session could not be read: recorded and ignored");
        return "ignored" as const;
      }
      const session = object.data;
      const bookingId = session.client_reference_id ?? session.metadata?.booking ?? "";
      const payment = paymentOf(this.tours.db, bookingId);
      if (!payment || (payment.session_id !== null && payment.session_id !== session.id)) return "ignored" as const;
      if (event.type === "checkout.session.expired") {
        // The checkout ended unpaid: its time is released now rather than at the next sweep.
        if (setPaymentStatus(this.tours.db, bookingId, ["open"], "expired", now)) this.tours.setStatus(bookingId, ["pending"], "expired");
        return "done" as const;
      }
      if (session.payment_status !== "paid") return "ignored" as const;
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? undefined);
      if (!setPaymentStatus(this.tours.db, bookingId, ["open", "expired"], "paid", now, intent ? { paymentIntent: intent } : {})) return "done" as const;
      recordAudit(
        this.tours.db,
        {
          actor: paymentProviderActor,
          action: auditActions.depositPaid,
          target: { type: "tour-bookings", id: bookingId },
          detail: { amount: payment.amount_cents, currency: payment.currency },
        },
        now,
      );
      const visit = this.tours.ledger.byId(bookingId);
      if (visit && visit.status === "pending" && visit.waitingFor === "payment") {
        confirmPaid(this.tours, visit);
      } else if (visit && visit.status === "expired" && visit.waitingFor === "payment" && this.tours.placesFreeFor(visit)) {
        // Paid just as its time lapsed: the places are still free, so the booking stands.
        confirmPaid(this.tours, visit);
      } else {
        // Nothing to pay for any more (cancelled, or its places gone): the deposit goes back.
        setPaymentStatus(this.tours.db, bookingId, ["paid"], "refund-due", now);
      }
      return "done" as const;
    });
  }

  /**
   * Asks the provider to refund each deposit due (a paid booking cancelled, declined or lapsed),
   * one after another, each with its booking's idempotency key so a retry never refunds twice; a
   * refund the provider refuses now is asked again at the next sweep. Resolves with how many went.
   */
  settleRefunds(): Promise<number> {
    const run = this.refunding.then(async () => {
      let count = 0;
      for (const due of refundsDue(this.tours.db)) {
        if (!due.payment_intent) continue;
        try {
          const refund = await this.stripe.refunds.create(
            { payment_intent: due.payment_intent, metadata: { booking: due.booking_id } },
            { idempotencyKey: `refund-${due.booking_id}` },
          );
          await this.tours.change(() => {
            if (!setPaymentStatus(this.tours.db, due.booking_id, ["refund-due"], "refunded", this.tours.now, { refundId: refund.id })) return;
            recordAudit(
              this.tours.db,
              {
                actor: paymentProviderActor,
                action: auditActions.depositRefunded,
                target: { type: "tour-bookings", id: due.booking_id },
                detail: { amount: due.amount_cents, currency: due.currency },
              },
              this.tours.now,
            );
          });
          count += 1;
        } catch (error) {
          this.log.warn({ err: error, booking: due.booking_id }, "payments: a refund could not be asked for, trying again at the next sweep");
        }
      }
      return count;
    });
    this.refunding = run.catch(() => undefined);
    return run;
  }
}
