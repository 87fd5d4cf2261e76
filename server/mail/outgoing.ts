/**
 * The one place an `OutgoingMail` is made (#core/mail): what server/mail's composers word is given
 * its brand here, and only here, so the outbox (server/db/outbox.ts `enqueueMail`) takes no e-mail
 * written anywhere else. eslint.config.js refuses an import of this module outside server/mail and
 * a cast to `OutgoingMail` outside it.
 */
import type { MailFields, OutgoingMail } from "#core/mail";

/** An e-mail server/mail has worded (its layout, languages and safe headers), as the outbox takes it. */
export function outgoingMail(fields: MailFields): OutgoingMail {
  return fields as OutgoingMail;
}
