/**
 * The payment provider (Stripe Checkout, through Stripe's own Node library), as the bookings' use
 * cases call it: a hosted checkout for a deposit (./checkout.ts), its signed webhook read into a
 * plain event (checked with the library's `constructEvent`: one signed too long ago or ahead is
 * refused; a signed body that is no event too), and a refund (./refund.ts), each with an idempotency key so a retry never charges or refunds
 * twice. It decides nothing about a booking: the use-cases do. Without keys nothing is loaded and
 * nothing calls out. docs/deployment.md says how to go live; the tests run it against a local
 * stand-in of the provider's HTTP API (server/__tests__/support/payment-provider.ts).
 */
import type { Stripe } from "stripe";
import { z } from "zod";

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

/** A deposit to pay at the provider's checkout. */
export interface DepositOrder {
  bookingId: string;
  /** The deposit's attempt (1, then one more each time it is asked again): each has its own checkout. */
  attempt: number;
  amountCents: number;
  currency: string;
  /** The visitor's address, or "" (a walk-in has none). */
  email: string;
  language: keyof typeof checkoutLocales;
  /** What the checkout page names (the tour, in the visitor's language). */
  item: string;
  /** When the checkout ends: the time held for it. */
  expiresAt: Date;
  /** Where the visitor comes back to, paid or not (their private page), or after giving up (the tours page). */
  successUrl: string;
  cancelUrl: string;
}

/** A gift voucher bought online, to pay at the provider's checkout. */
export interface VoucherCheckout {
  orderId: string;
  amountCents: number;
  currency: string;
  email: string;
  language: keyof typeof checkoutLocales;
  /** What the checkout page names ("Gift voucher: €100", in the buyer's language). */
  item: string;
  expiresAt: Date;
  successUrl: string;
  cancelUrl: string;
}

/**
 * A provider's event, as the bookings read it: its id and type, and for a checkout's, the booking,
 * the session and whether it is paid ("unreadable" when its session is not one the site can read).
 */
export interface PaymentEvent {
  id: string;
  type: string;
  checkout:
    | {
        /** The session was paid, or (`expired`) ended unpaid. */
        outcome: "completed" | "expired";
        /** The booking whose deposit it is ("" for a voucher's order). */
        bookingId: string;
        /** The gift voucher's order it pays for, or null (a deposit). */
        voucherOrder: string | null;
        sessionId: string;
        paid: boolean;
        paymentIntent: string | undefined;
      }
    | "unreadable"
    | null;
}

export class PaymentProvider {
  /** Refunds asked one after another, never two at once. */
  private refunding: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly stripe: Stripe,
    readonly settings: PaymentSettings,
  ) {}

  /**
   * The origin of the provider's hosted checkout pages, where the site's own forms send a visitor
   * on (its pages' `form-action`): Stripe's, or the stand-in's own address when `apiUrl` points the
   * site at one.
   */
  get checkoutOrigin(): string {
    return this.settings.apiUrl ? new URL(this.settings.apiUrl).origin : "https://checkout.stripe.com";
  }

  /** Loads the provider's library (only now: without keys it is never loaded) and connects it. */
  static async open(settings: PaymentSettings): Promise<PaymentProvider> {
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
    return new PaymentProvider(stripe, settings);
  }

  /**
   * The provider's checkout page for a deposit, made once (the same booking asks with the same
   * idempotency key and gets the same page), in the visitor's language, ending with the time held
   * for it.
   */
  async checkout(order: DepositOrder): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        client_reference_id: order.bookingId,
        customer_email: order.email || undefined,
        locale: checkoutLocales[order.language],
        expires_at: Math.floor(order.expiresAt.getTime() / 1000),
        line_items: [{ quantity: 1, price_data: { currency: order.currency, unit_amount: order.amountCents, product_data: { name: order.item } } }],
        metadata: { booking: order.bookingId },
        payment_intent_data: { metadata: { booking: order.bookingId } },
        success_url: order.successUrl,
        cancel_url: order.cancelUrl,
      },
      { idempotencyKey: `checkout-${order.bookingId}${order.attempt > 1 ? `-${order.attempt}` : ""}` },
    );
    if (!session.url) throw new Error(`the provider gave no checkout page for booking ${order.bookingId}`);
    return { id: session.id, url: session.url };
  }

  /**
   * A webhook's event: its signature checked with the library (`WebhookRefused` when it does not
   * hold, or was made more than five minutes ago or ahead), its body read with a schema
   * (`WebhookMalformed` when it is no event with an id and a type). A checkout's event whose session
   * the site cannot read is still an event (recorded, then ignored: never a 500 retried for days).
   */
  event(body: Buffer, signature: string | undefined): PaymentEvent {
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
    if (event.type !== "checkout.session.completed" && event.type !== "checkout.session.async_payment_succeeded" && event.type !== "checkout.session.expired")
      return { id: event.id, type: event.type, checkout: null };
    // Signed, so the provider's own; but a session the site cannot read is left alone.
    const object = sessionShape.safeParse((event.data as { object?: unknown } | null | undefined)?.object);
    if (!object.success) return { id: event.id, type: event.type, checkout: "unreadable" };
    const session = object.data;
    const intent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? undefined);
    return {
      id: event.id,
      type: event.type,
      checkout: {
        outcome: event.type === "checkout.session.expired" ? "expired" : "completed",
        bookingId: session.metadata?.voucher_order ? "" : (session.client_reference_id ?? session.metadata?.booking ?? ""),
        voucherOrder: session.metadata?.voucher_order ?? null,
        sessionId: session.id,
        paid: session.payment_status === "paid",
        paymentIntent: intent,
      },
    };
  }

  /**
   * The provider's checkout page for a gift voucher bought online, made once per order (its
   * idempotency key), in the buyer's language, ending after `expiresAt`.
   */
  async voucherCheckout(order: VoucherCheckout): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: "payment",
        client_reference_id: `voucher-${order.orderId}`,
        customer_email: order.email,
        locale: checkoutLocales[order.language],
        expires_at: Math.floor(order.expiresAt.getTime() / 1000),
        line_items: [{ quantity: 1, price_data: { currency: order.currency, unit_amount: order.amountCents, product_data: { name: order.item } } }],
        metadata: { voucher_order: order.orderId },
        payment_intent_data: { metadata: { voucher_order: order.orderId } },
        success_url: order.successUrl,
        cancel_url: order.cancelUrl,
      },
      { idempotencyKey: `voucher-${order.orderId}` },
    );
    if (!session.url) throw new Error(`the provider gave no checkout page for voucher order ${order.orderId}`);
    return { id: session.id, url: session.url };
  }

  /** Refunds a payment, once whatever the retries (the booking's idempotency key, per attempt). */
  async refund(paymentIntent: string, bookingId: string, attempt = 1): Promise<{ id: string }> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: paymentIntent, metadata: { booking: bookingId } },
      { idempotencyKey: `refund-${bookingId}${attempt > 1 ? `-${attempt}` : ""}` },
    );
    return { id: refund.id };
  }

  /** Runs `work` after the refunds already asked, never beside them. */
  inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.refunding.then(work);
    this.refunding = run.catch(() => undefined);
    return run;
  }
}
