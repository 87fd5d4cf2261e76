import type { Language } from "#core/languages";
import { bodySafe, headerSafe, type EstateFacts } from "./compose";
import type { OutgoingMail } from "#core/mail";
import { renderMail } from "./layout";
import { outgoingMail } from "./outgoing";

/**
 * The staff's reply to a visitor, as written on the submission's page (from a template in the
 * visitor's language, changed as they liked): to the visitor's address, answers going to the
 * estate's. The subject is one line; the text is what the staff wrote, its closing and signature
 * included, under the estate's name and logo in the HTML part.
 */
export function composeStaffReply(reply: { to: string; subject: string; text: string; language: Language }, estate: EstateFacts): OutgoingMail {
  const text = bodySafe(reply.text);
  const rendered = renderMail({
    lang: reply.language,
    estate: estate.estateNames[reply.language],
    preview: headerSafe(reply.subject),
    greeting: null,
    blocks: [{ kind: "quote", text }],
    // The reply ends with the closing and the estate's address and phone the template gave it.
    closing: [],
    signature: [],
  });
  return outgoingMail({
    kind: "reply",
    to: headerSafe(reply.to, 254),
    replyTo: headerSafe(estate.estateEmail, 254),
    subject: headerSafe(reply.subject),
    // The text part is the reply as written.
    text: `${text}\n`,
    html: rendered.html,
    headers: {},
  });
}
