/**
 * The thank-you e-mail after a visit: the day after a visit the staff checked in ("arrived" on
 * the day sheet), from 10:00 on the estate's clock, in the guest's language, with the wines poured
 * on that tour and their pages in the shop (server/mail/tour-experience.ts). Nothing goes to a
 * no-show, to a booking cancelled or not checked in, nor when the estate turned it off (the
 * experiences page) or no mail is configured. Once only, as the reminders: the visit is marked in
 * the transaction that queues the e-mail, so a second sweep or a restart finds it marked. A guest's
 * visits of one day share one e-mail. None goes to an address that stopped them through the link of
 * an earlier one (./thanks-stop.ts). Run by the minute's sweep.
 */
import { markThanked, visitsToThank } from "../db/tour-ledger";
import { afterVisitMailOn } from "../db/tour-rules";
import { thanksRefused } from "../db/tour-thanks";
import type { BookingEvent } from "./booking-events";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import type { Bookings } from "./deps";
import { addDays, localOf } from "./paris-time";
import { bookingFacts, type BookingFacts } from "./visits";

/** The estate's hour from which the thank-you e-mails of the day before go out. */
const afterVisitHour = "10:00";

/** Whether the estate sends the thank-you e-mails (the experiences page turns them on or off). */
export function afterVisitMailsOn(deps: Bookings): boolean {
  return afterVisitMailOn(deps.db);
}

/** Queues the thank-you e-mail of each visit checked in yesterday (from 10:00) or the day before, once; resolves with how many were queued. */
export async function sendAfterVisitMails(deps: Bookings): Promise<number> {
  if (!deps.mail()) return 0;
  return deps.commits.run((tx) => {
    if (!afterVisitMailOn(tx)) return 0;
    const now = deps.now();
    const today = localOf(now);
    const last = today.time >= afterVisitHour ? addDays(today.date, -1) : addDays(today.date, -2);
    // A guest who came to two tours on one day gets one e-mail for the day, with the wines of both.
    const days = new Map<string, { visit: BookingFacts; packages: string[] }>();
    for (const due of visitsToThank(tx, addDays(today.date, -2), last)) {
      if (!markThanked(tx, due.bookingId, now)) continue;
      const visit = bookingFacts(tx, due.bookingId);
      // A walk-in left no address, or its owner stopped these e-mails: marked, and nothing to send.
      if (!visit || visit.email === "" || thanksRefused(tx, visit.email)) continue;
      const key = `${visit.email.toLowerCase()} ${visit.date}`;
      const day = days.get(key);
      if (day) day.packages.push(visit.package);
      else days.set(key, { visit, packages: [visit.package] });
    }
    const thanked: BookingEvent[] = [...days.values()].map(({ visit, packages }) => ({ kind: "thanked", booking: visit, packages }));
    queueMails(tx, bookingMails(thanked, mailFacts(deps)));
    return thanked.length;
  });
}
