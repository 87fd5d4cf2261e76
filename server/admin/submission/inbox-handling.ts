/**
 * What the staff do with each form's submissions, one record the compiler asks to be complete:
 * a new form cannot reach the inbox without saying whether it is answered by e-mail and whether
 * the staff mark it done by hand.
 */
import type { InboxType } from "../../db/inbox";

interface Handling {
  /** Answered by e-mail from its page (a reply form with the templates). */
  replied: boolean;
  /** Marked done or to do by hand; a booking follows its time, a sign-up its subscription. */
  statusByHand: boolean;
}

export const inboxHandling: Record<InboxType, Handling> = {
  "tour-bookings": { replied: true, statusByHand: false },
  "contact-messages": { replied: true, statusByHand: true },
  "importer-applications": { replied: true, statusByHand: true },
  "newsletter-signups": { replied: false, statusByHand: false },
};
