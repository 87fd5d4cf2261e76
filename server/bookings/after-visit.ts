/**
 * The thank-you e-mail after a visit: the day after a visit the staff checked in ("arrived" on
 * the day sheet), from 10:00 on the estate's clock, in the guest's language, with the wines poured
 * on that tour and their pages in the shop (server/mail/tour-experience.ts). Nothing goes to a
 * no-show, to a booking cancelled or not checked in, nor when the estate turned it off (the
 * experiences page). Once only, as the reminders: the visit is marked in the transaction that
 * queues the e-mail, so a second sweep or a restart finds it marked. A guest's visits of one day
 * share one e-mail.
 */
import type { Content } from "#content";
import { enqueueMail } from "../db/outbox";
import { markThanked, visitsToThank } from "../db/tour-ledger";
import { afterVisitMailOn } from "../db/tour-rules";
import { composeExperienceMail } from "../mail/tour-experience";
import { addDays, localOf } from "./paris-time";
import { cutoffOf } from "./schedule";
import type { BookedVisit, TourService } from "./service";

/** The wines poured on `packages`' tours, each once, named as the shop names them (content/tours.json `wines`). */
function winesPoured(content: Content, packages: readonly string[]) {
  const ids = new Set(packages.flatMap((id) => content.tours.packages.find((tour) => tour.id === id)?.wines ?? []));
  return [...ids].flatMap((id) => content.wines.filter((wine) => wine.id === id).map((wine) => ({ id: wine.id, name: `${wine.name} ${wine.vintage}` })));
}

/** The estate's hour from which the thank-you e-mails of the day before go out. */
export const afterVisitHour = "10:00";

/** Queues the thank-you e-mail of each visit checked in yesterday (from 10:00) or the day before, once. Resolves with how many were queued. */
export async function sendAfterVisitMails(tours: TourService): Promise<number> {
  const mail = tours.options.mail();
  if (!mail) return 0;
  return tours.change(() => {
    if (!afterVisitMailOn(tours.db)) return 0;
    const now = tours.now;
    const today = localOf(now);
    const last = today.time >= afterVisitHour ? addDays(today.date, -1) : addDays(today.date, -2);
    const schedule = tours.schedule();
    // A guest who came to two tours on one day gets one e-mail for the day, with the wines of both.
    const days = new Map<string, { visit: BookedVisit; packages: string[] }>();
    for (const due of visitsToThank(tours.db, addDays(today.date, -2), last)) {
      if (!markThanked(tours.db, due.bookingId, now)) continue;
      const visit = tours.visit(due.bookingId);
      // A walk-in left no address: marked, and nothing to send.
      if (!visit || visit.email === "") continue;
      const key = `${visit.email.toLowerCase()} ${visit.date}`;
      const day = days.get(key);
      if (day) day.packages.push(visit.package);
      else days.set(key, { visit, packages: [visit.package] });
    }
    let count = 0;
    for (const { visit, packages } of days.values()) {
      const thanks = composeExperienceMail(
        "thanks",
        {
          ...tours.visitForMail(visit),
          package: visit.package,
          wines: winesPoured(tours.content.current, packages),
        },
        { ...mail, cutoffHours: cutoffOf(schedule, visit.package), holdHours: schedule.holdHours },
      );
      // The outbox keeps the wall clock its sender reads, whatever clock the bookings run on.
      enqueueMail(tours.db, thanks, { type: "tour-bookings", id: visit.bookingId }, new Date().toISOString());
      count += 1;
    }
    return count;
  });
}
