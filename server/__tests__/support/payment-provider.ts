/**
 * A local stand-in of the payment provider's HTTP API (Stripe's), for the tests: the machines
 * here cannot reach the provider. The site's own code talks to it through Stripe's Node library
 * (pointed here with its host and port options), and it signs its webhooks with the library's own
 * `webhooks.generateTestHeaderString`, which the site checks with `constructEvent`. It keeps what
 * a test needs to look at: the checkout sessions, the refunds, and every webhook it delivered (to
 * replay one).
 *
 * What it answers: `POST /v1/checkout/sessions` (with the Idempotency-Key: the same key gets the
 * same session), `POST /v1/refunds` (likewise), and the hosted checkout page `GET /pay/<id>`,
 * whose button (`POST /pay/<id>`) pays: the session is marked paid, `checkout.session.completed`
 * is signed and delivered, and the visitor is sent to the session's `success_url`.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import Stripe from "stripe";

export interface StandInSession {
  id: string;
  object: "checkout.session";
  url: string;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  client_reference_id: string | null;
  customer_email: string | null;
  locale: string | null;
  currency: string;
  amount_total: number;
  expires_at: number;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
  metadata: Record<string, string>;
  /** Everything the site sent, as the form fields the library encoded. */
  sent: Record<string, string>;
}

/** A webhook as delivered: its body and signature header, and the site's answer. */
export interface Delivery {
  type: string;
  payload: string;
  signature: string;
  status: number;
  answer: string;
}

/** How the stand-in hands a webhook to the site: over HTTP to a listening server, or into `app.inject`. */
export type Deliver = (payload: string, signature: string) => Promise<{ status: number; body: string }>;

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

/** Delivers to a listening site's webhook address. */
export const overHttp =
  (url: string): Deliver =>
  async (payload, signature) => {
    const answer = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": signature }, body: payload });
    return { status: answer.status, body: await answer.text() };
  };

/** Delivers to a server in the test's own process, through Fastify's inject. */
export const byInject =
  (app: FastifyInstance): Deliver =>
  async (payload, signature) => {
    const answer = await app.inject({
      method: "POST",
      url: "/api/payments/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
    return { status: answer.statusCode, body: answer.body };
  };

export class PaymentProviderStandIn {
  readonly secretKey = `sk_test_${randomBytes(12).toString("hex")}`;
  readonly webhookSecret = `whsec_${randomBytes(18)
    .toString("base64")
    .replace(/[^A-Za-z0-9]/g, "")}`;
  readonly sessions = new Map<string, StandInSession>();
  readonly refunds: { id: string; payment_intent: string; amount: number; metadata: Record<string, string> }[] = [];
  readonly deliveries: Delivery[] = [];
  /** Requests that reached the API (not the checkout page), in order: `POST /v1/refunds`… */
  readonly calls: string[] = [];
  private readonly idempotent = new Map<string, string>();
  private readonly server: Server;
  private origin = "";
  /** Where webhooks go; set once the site is up. */
  deliver: Deliver = async () => ({ status: 503, body: "no site yet" });

  constructor() {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  /** The server's settings that point it at this stand-in. */
  get siteEnv(): Record<string, string> {
    return { STRIPE_SECRET_KEY: this.secretKey, STRIPE_WEBHOOK_SECRET: this.webhookSecret, STRIPE_API_URL: this.url };
  }

  /** The API's address, for the site's STRIPE_API_URL. */
  get url(): string {
    return this.origin;
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The session a booking's checkout made. */
  sessionOf(bookingId: string): StandInSession | undefined {
    return [...this.sessions.values()].find((session) => session.client_reference_id === bookingId);
  }

  /** Signs an event with the library's own test helper, as the provider signs its webhooks, and delivers it. */
  async send(type: string, session: StandInSession, options: { timestamp?: number } = {}): Promise<Delivery> {
    const payload = JSON.stringify({ id: id("evt"), object: "event", type, created: Math.floor(Date.now() / 1000), data: { object: session } });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.webhookSecret,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
    return this.deliverSigned(type, payload, signature);
  }

  /**
   * Signs any body with the webhook secret, as only the provider (or whoever holds the secret)
   * can, and delivers it: for events the site must read defensively even when signed.
   */
  async sendRaw(payload: string, options: { timestamp?: number } = {}): Promise<Delivery> {
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.webhookSecret,
      ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
    });
    return this.deliverSigned("(raw)", payload, signature);
  }

  /** Delivers a payload with a given signature again: a replay. */
  async deliverSigned(type: string, payload: string, signature: string): Promise<Delivery> {
    const answer = await this.deliver(payload, signature);
    const delivery = { type, payload, signature, status: answer.status, answer: answer.body };
    this.deliveries.push(delivery);
    return delivery;
  }

  /** The visitor pays on the checkout page: the session is paid and its webhook delivered. */
  async pay(sessionId: string): Promise<Delivery> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = "complete";
    session.payment_status = "paid";
    session.payment_intent = id("pi");
    return this.send("checkout.session.completed", session);
  }

  /** The checkout ends unpaid: its webhook delivered. */
  async expire(sessionId: string): Promise<Delivery> {
    const session = this.sessions.get(sessionId)!;
    session.status = "expired";
    return this.send("checkout.session.expired", session);
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString("utf8");
    const path = new URL(request.url ?? "/", this.origin).pathname;
    const json = (status: number, value: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      response.end(JSON.stringify(value));
    };
    // The hosted checkout page: one button, as a person sees it.
    const page = /^\/pay\/(cs_test_[0-9a-f]+)$/.exec(path);
    if (page) {
      const session = this.sessions.get(page[1]!);
      if (!session) return json(404, { error: "no such session" });
      if (request.method === "POST") {
        if (session.status === "open") await this.pay(session.id);
        response.writeHead(303, { location: session.success_url });
        return void response.end();
      }
      const amount = new Intl.NumberFormat("en", { style: "currency", currency: session.currency.toUpperCase() }).format(session.amount_total / 100);
      response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      return void response.end(
        `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Checkout (stand-in)</title></head><body><h1>Pay ${amount}</h1><p>${session.sent["line_items[0][price_data][product_data][name]"] ?? ""}</p><form method="post"><button type="submit">Pay</button></form></body></html>`,
      );
    }
    this.calls.push(`${request.method} ${path}`);
    if (request.headers.authorization !== `Bearer ${this.secretKey}`)
      return json(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    const key = request.headers["idempotency-key"];
    const replay = typeof key === "string" ? this.idempotent.get(`${path} ${key}`) : undefined;
    if (replay) {
      response.writeHead(200, { "content-type": "application/json", "idempotent-replayed": "true" });
      return void response.end(replay);
    }
    const fields = Object.fromEntries(new URLSearchParams(body));
    let answer: unknown;
    if (request.method === "POST" && path === "/v1/checkout/sessions") {
      const session: StandInSession = {
        id: `cs_test_${randomBytes(12).toString("hex")}`,
        object: "checkout.session",
        url: "",
        status: "open",
        payment_status: "unpaid",
        client_reference_id: fields.client_reference_id ?? null,
        customer_email: fields.customer_email ?? null,
        locale: fields.locale ?? null,
        currency: fields["line_items[0][price_data][currency]"] ?? "eur",
        amount_total: Number(fields["line_items[0][price_data][unit_amount]"] ?? 0) * Number(fields["line_items[0][quantity]"] ?? 1),
        expires_at: Number(fields.expires_at ?? 0),
        success_url: fields.success_url ?? "",
        cancel_url: fields.cancel_url ?? "",
        payment_intent: null,
        metadata: Object.fromEntries(Object.entries(fields).flatMap(([name, value]) => (name.startsWith("metadata[") ? [[name.slice(9, -1), value]] : []))),
        sent: fields,
      };
      session.url = `${this.origin}/pay/${session.id}`;
      this.sessions.set(session.id, session);
      answer = session;
    } else if (request.method === "POST" && path === "/v1/refunds") {
      const refund = {
        id: id("re"),
        object: "refund",
        status: "succeeded",
        payment_intent: fields.payment_intent ?? "",
        amount: 0,
        metadata: { booking: fields["metadata[booking]"] ?? "" },
      };
      this.refunds.push(refund);
      answer = refund;
    } else {
      return json(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${path})` } });
    }
    const text = JSON.stringify(answer);
    if (typeof key === "string") this.idempotent.set(`${path} ${key}`, text);
    response.writeHead(200, { "content-type": "application/json", "request-id": id("req") });
    response.end(text);
  }
}
