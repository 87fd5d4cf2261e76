/**
 * `POST /api/payments/webhook`: the payment provider's events about deposits
 * (../bookings/deposit-paid.ts). Its body is read as bytes, as the provider signed them: the
 * signature is checked on exactly what was sent. The provider posts from its own servers, so the
 * API's same-origin rule does not apply here; the signature is the proof.
 */
import type { FastifyInstance } from "fastify";
import { paymentEvent } from "../bookings/deposit-paid";
import type { Bookings } from "../bookings/deps";
import { WebhookMalformed, WebhookRefused, type PaymentProvider } from "../bookings/payments";

const paymentWebhookPath = "/api/payments/webhook";

export async function paymentRoutes(api: FastifyInstance, { bookings, payments }: { bookings: Bookings; payments: PaymentProvider }): Promise<void> {
  api.removeAllContentTypeParsers();
  api.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
  api.post(paymentWebhookPath, { config: { crossSite: true } }, async (request, reply) => {
    const body = request.body;
    if (!Buffer.isBuffer(body)) return reply.status(415).send({ error: "Unsupported Media Type: send application/json" });
    const signature = request.headers["stripe-signature"];
    try {
      const outcome = await paymentEvent(bookings, payments, body, typeof signature === "string" ? signature : undefined);
      return reply.status(200).send({ received: true, outcome });
    } catch (error) {
      if (error instanceof WebhookMalformed) {
        request.log.warn({ reason: error.message }, "payments: a signed webhook was no event");
        return reply.status(400).send({ error: "Not an event" });
      }
      if (!(error instanceof WebhookRefused)) throw error;
      request.log.warn({ reason: error.message }, "payments: a webhook was refused");
      return reply.status(400).send({ error: "Signature refused" });
    }
  });
}
