/**
 * The estate saves each package's own rules (its minimum group, cut-off, horizon and deposit) and
 * whether the thank-you e-mail goes out, from the staff's experiences page: in one transaction
 * with the audit entry, applying to new bookings at once (the schedule is read again). A rule that
 * ends a waitlist's time (an earlier cut-off) ends its line in the same transaction.
 */
import { auditActions, recordAudit } from "../db/audit";
import { setAfterVisitMail, writePackageRules, type PackageRulesRow } from "../db/tour-rules";
import { bookingMails, mailFacts, queueMails } from "./booking-mails";
import type { Bookings } from "./deps";
import { readSchedule } from "./schedule";
import { offerFreedPlaces } from "./waitlist";

export async function saveExperienceRules(deps: Bookings, rules: { rows: readonly PackageRulesRow[]; afterVisitMail: boolean }, actor: string): Promise<void> {
  try {
    await deps.commits.run((tx) => {
      const now = deps.now();
      writePackageRules(tx, rules.rows);
      setAfterVisitMail(tx, rules.afterVisitMail);
      const detail = { packages: rules.rows, afterVisitMail: rules.afterVisitMail };
      recordAudit(tx, { actor, action: auditActions.experiencesChanged, target: { type: "schedule", id: "tours" }, detail }, now);
      const schedule = readSchedule(tx);
      queueMails(tx, bookingMails(offerFreedPlaces(tx, schedule, now), mailFacts(deps, schedule)));
    });
  } finally {
    deps.schedule.changed();
  }
}
