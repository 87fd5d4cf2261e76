/**
 * `POST /api/payments/webhook`: the payment provider's events about deposits
 * (../bookings/payments.ts). Its body is read as bytes, as the provider signed them: the
 * signature is checked on exactly what was sent. The provider posts from its own servers, so the
 * API's same-origin rule does not apply here; the signature is the proof.
 */
import type { FastifyInstance } from "fastify";
import { WebhookRefused, type Payments } from "../bookings/payments";

const paymentWebhookPath = "/api/payments/webhook";

export async function paymentRoutes(api: FastifyInstance, { payments }: { payments: Payments }): Promise<void> {
  api.removeAllContentTypeParsers();
  api.addContentTypeParser("application/json", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_request, body, done) => done(null, body));
  api.post(paymentWebhookPath, { config: { crossSite: true } }, async (request, reply) => {
    const body = request.body;
    if (!Buffer.isBuffer(body)) return reply.status(415).send({ error: "Unsupported Media Type: send application/json" });
    const signature = request.headers["stripe-signature"];
    try {
      const outcome = await payments.webhook(body, typeof signature === "string" ? signature : undefined);
      return reply.status(200).send({ received: true, outcome });
    } catch (error) {
      if (!(error instanceof WebhookRefused)) throw error;
      request.log.warn({ reason: error.message }, "payments: a webhook was refused");
      return reply.status(400).send({ error: "Signature refused" });
    }
  });
}
