import { bodySafe, headerSafe, type OutgoingMail } from "./compose";

/**
 * The staff's reply to a visitor, as written on the submission's page (from a template in the
 * visitor's language, changed as they liked): to the visitor's address, answers going to the
 * estate's. The subject is one line; the text is a plain-text body.
 */
export function composeStaffReply(reply: { to: string; subject: string; text: string }, estateEmail: string): OutgoingMail {
  return {
    kind: "reply",
    to: headerSafe(reply.to, 254),
    replyTo: headerSafe(estateEmail, 254),
    subject: headerSafe(reply.subject),
    text: `${bodySafe(reply.text)}\n`,
    headers: {},
  };
}
