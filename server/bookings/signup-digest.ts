/**
 * The estate hears of newsletter sign-ups once a day: from 08:00 on the estate's clock, one e-mail
 * lists the sign-ups confirmed the day before (../mail/staff/signup-digest.ts), in the staff's
 * language; none when nobody signed up, nor without mail configured. Once only, as the thank-you
 * e-mails after a visit (./after-visit.ts): each sign-up is marked in the transaction that queues
 * the digest, so a second sweep or a restart finds nothing more to list. Not a booking, but run by
 * the bookings' minute sweep (../plugins/bookings.ts) with the same clock and group commit.
 */
import { takeSignupsToDigest } from "../db/newsletter";
import { enqueueMail } from "../db/outbox";
import { signupDigestMail } from "../mail/staff/signup-digest";
import type { Bookings } from "./deps";
import { addDays, instantOf, localOf } from "./paris-time";

/** The estate's hour from which the digest of the day before goes out. */
const digestHour = "08:00";

/** The outbox's name for the digest (its row names the day it lists, as a submission's names the submission). */
const digestType = "newsletter-digest";

/** Queues the digest of the sign-ups confirmed before today that no digest listed, once; resolves with how many it lists. */
export async function sendSignupDigest(deps: Pick<Bookings, "commits" | "now" | "mail">): Promise<number> {
  const context = deps.mail();
  if (!context) return 0;
  const now = deps.now();
  const today = localOf(now);
  if (today.time < digestHour) return 0;
  const before = instantOf({ date: today.date, time: "00:00" }).toISOString();
  return deps.commits.run((tx) => {
    const signups = takeSignupsToDigest(tx, before, now.toISOString());
    if (signups.length === 0) return 0;
    // The outbox keeps the wall clock its sender reads, whatever clock the sweep runs on (tests move theirs).
    enqueueMail(tx, signupDigestMail(context, signups), { type: digestType, id: addDays(today.date, -1) }, new Date().toISOString());
    return signups.length;
  });
}
