/**
 * The reminder of each confirmed tour that starts within the schedule's reminder delay, once: the
 * booking is marked in the transaction that queues its e-mail, so a restart (or a second sweep)
 * finds it marked, and the outbox sends each e-mail once. A cancelled or moved-away booking is no
 * longer confirmed at that time, so it gets none. Run by the minute's sweep.
 */
import { markReminderQueued, remindersNotQueued } from "../db/tour-ledger";
import type { BookingEvent } from "./booking-events";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import type { Bookings } from "./deps";
import { localOf } from "./paris-time";
import { slotInstant } from "./schedule";
import { bookingFacts } from "./visits";

/** Queues the reminders due; resolves with how many. */
export function sendReminders(deps: Bookings): Promise<number> {
  return deps.commits.run((tx) => {
    const now = deps.now();
    const schedule = deps.schedule.current();
    const from = localOf(new Date(now.getTime() - 86_400_000)).date;
    const to = localOf(new Date(now.getTime() + (schedule.reminderHours + 24) * 3_600_000)).date;
    const reminded: BookingEvent[] = [];
    for (const booking of remindersNotQueued(tx, from, to)) {
      const start = slotInstant(schedule, booking).getTime();
      if (start <= now.getTime() || start - schedule.reminderHours * 3_600_000 > now.getTime()) continue;
      if (!markReminderQueued(tx, booking.bookingId, now)) continue;
      reminded.push({ kind: "reminded", booking: bookingFacts(tx, booking.bookingId)! });
    }
    queueMails(tx, bookingMails(reminded, mailFacts(deps, schedule)));
    return reminded.length;
  });
}
