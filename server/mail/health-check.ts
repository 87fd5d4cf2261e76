/** The e-mail /healthz queues and rolls back at once, to prove the outbox accepts e-mails (server/health.ts). */
import { outgoingMail } from "./outgoing";

export const healthCheckMail = outgoingMail({
  kind: "notification",
  to: "health-probe@invalid",
  replyTo: null,
  subject: "health probe",
  text: "",
  headers: {},
});
