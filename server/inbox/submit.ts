/**
 * A visitor's form arrives (every form but a tour booking, whose use-case is the bookings' own:
 * ../bookings/book.ts), as one script in one transaction of the group commit: the submission
 * written, then the e-mails it calls for worded from what was written (../mail/compose.ts: the
 * estate's notification, a newsletter's confirmation) and queued in the outbox. Both are on disk
 * together or not at all, so a crash between them never loses a mail nor sends one twice; the
 * promise resolves once they are, so the visitor's 201 means stored.
 */
import { formDefinitions, type AnyFormInput, type FormInput, type FormKind } from "#forms/definitions";
import type { OutgoingMail } from "#core/mail";
import type { Db } from "../db/database";
import { enqueueMail } from "../db/outbox";
import { insertSubmission, signUpSubscriber, type Saved } from "../db/submissions";
import { composeSubmissionMails, type MailContext } from "../mail/compose";
import type { Bookings } from "../bookings/deps";

/** What a form's arrival is handed (the bookings' parts give it): the group commit, and the mails' context (null without SMTP_URL: then nothing is queued). */
export interface Arrivals {
  commits: Bookings["commits"];
  mail: () => MailContext | null;
}

/** The forms written by `submitForm`: neither a tour booking (../bookings/book.ts) nor a newsletter sign-up (`signUpForNewsletter`). */
export type MessageKind = Exclude<FormKind, "tourBooking" | "newsletterSignup">;

/** Stores a checked message or application (the output of its form's schema) with the estate's notification of it. */
export function submitForm(deps: Arrivals, kind: MessageKind, input: AnyFormInput): Promise<{ id: string }> {
  const mail = deps.mail();
  return deps.commits.run((tx) => {
    const saved: Saved = { ...insertSubmission(tx, kind, input, new Date()), created: true, confirmation: null };
    queue(tx, kind, saved, mail ? composeSubmissionMails(kind, input, saved, mail) : []);
    return { id: saved.id };
  });
}

/**
 * Signs an address up for the newsletter (one row per address: ../db/submissions.ts
 * `signUpSubscriber`) with the confirmation e-mail of the double opt-in when one is due.
 */
export function signUpForNewsletter(deps: Arrivals, input: FormInput<"newsletterSignup">): Promise<{ id: string }> {
  const mail = deps.mail();
  return deps.commits.run((tx) => {
    const saved = signUpSubscriber(tx, input, new Date(), mail !== null);
    queue(tx, "newsletterSignup", saved, mail ? composeSubmissionMails("newsletterSignup", input, saved, mail) : []);
    return { id: saved.id };
  });
}

/** Queues a submission's e-mails under its reference, at the time it was written. */
function queue(tx: Db, kind: FormKind, saved: Saved, mails: readonly OutgoingMail[]): void {
  for (const mail of mails) enqueueMail(tx, mail, { type: formDefinitions[kind].slug, id: saved.id }, saved.receivedAt);
}
