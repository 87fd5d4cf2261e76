/**
 * The tours' rules per package and the estate's switch of the after-visit e-mail (migration 80):
 * the smallest group a tour runs for, a package's own cut-off and horizon, its deposit. What they
 * mean is server/bookings/schedule.ts's and server/bookings/take-places.ts's; this module only
 * reads and writes them.
 */
import type { TourPackageId } from "#forms/tour-booking";
import type { Db } from "./database";

export interface PackageRulesRow {
  package: TourPackageId;
  min_guests: number;
  cutoff_hours: number | null;
  horizon_months: number | null;
  deposit_percent: number;
}

export function readPackageRules(db: Db): PackageRulesRow[] {
  return db.prepare("SELECT package, min_guests, cutoff_hours, horizon_months, deposit_percent FROM tour_package_rules").all() as PackageRulesRow[];
}

/** Writes every package's rules at once; call inside a transaction. */
export function writePackageRules(db: Db, rows: readonly PackageRulesRow[]): void {
  const write = db.prepare(
    `INSERT INTO tour_package_rules (package, min_guests, cutoff_hours, horizon_months, deposit_percent)
     VALUES (@package, @min_guests, @cutoff_hours, @horizon_months, @deposit_percent)
     ON CONFLICT (package) DO UPDATE SET min_guests = excluded.min_guests, cutoff_hours = excluded.cutoff_hours,
       horizon_months = excluded.horizon_months, deposit_percent = excluded.deposit_percent`,
  );
  for (const row of rows) write.run(row);
}

/** Whether the thank-you e-mail goes out the day after a visit. */
export function afterVisitMailOn(db: Db): boolean {
  return (db.prepare("SELECT after_visit_mail AS on_ FROM tour_schedule WHERE id = 1").get() as { on_: number }).on_ === 1;
}

export function setAfterVisitMail(db: Db, on: boolean): void {
  db.prepare("UPDATE tour_schedule SET after_visit_mail = ? WHERE id = 1").run(on ? 1 : 0);
}
