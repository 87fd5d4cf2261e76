/**
 * The tour schedule's tables (migrations 30 and 41): one row of settings, weekly times per
 * package, per-package settings (instant confirmation, capacity), closed stretches of days and
 * one-off changes of a single date. What they mean is server/bookings/schedule.ts's business;
 * this module only reads and writes them.
 */
import type { TourPackageId } from "#forms/tour-booking";
import type { Db } from "./database";

export interface ScheduleSettingsRow {
  time_zone: string;
  cutoff_hours: number;
  hold_hours: number;
  reminder_hours: number;
  waitlist_hold_hours: number;
  shared_guide: number;
  horizon_months: number;
}

export interface PackageSettingsRow {
  package: TourPackageId;
  instant_confirm: number;
  capacity: number;
}

export interface ClosureRow {
  id: number;
  first_day: string;
  last_day: string;
  note: string;
}

type DateChangeKind = "extra" | "closed" | "capacity";

/** A one-off change of one date, as stored and as the bookings' schedule reads it: an extra time, a weekly time that does not run, or another capacity. */
export interface DateChange {
  id: number;
  day: string;
  package: TourPackageId;
  time: string;
  kind: DateChangeKind;
  /** An extra time's or a changed time's capacity; null: the package's. */
  capacity: number | null;
  note: string;
}

/** Every table of the schedule, as stored. */
export interface ScheduleRows {
  settings: ScheduleSettingsRow;
  weekly: { package: TourPackageId; weekday: number; time: string }[];
  packages: PackageSettingsRow[];
  closures: ClosureRow[];
  dateChanges: DateChange[];
}

export function readScheduleRows(db: Db): ScheduleRows {
  return {
    settings: db
      .prepare("SELECT time_zone, cutoff_hours, hold_hours, reminder_hours, waitlist_hold_hours, shared_guide, horizon_months FROM tour_schedule WHERE id = 1")
      .get() as ScheduleSettingsRow,
    weekly: db.prepare("SELECT package, weekday, time FROM tour_weekly_times ORDER BY time").all() as ScheduleRows["weekly"],
    packages: db.prepare("SELECT package, instant_confirm, capacity FROM tour_package_settings").all() as PackageSettingsRow[],
    closures: db.prepare("SELECT id, first_day, last_day, note FROM tour_closures ORDER BY first_day, id").all() as ClosureRow[],
    dateChanges: db.prepare("SELECT id, day, package, time, kind, capacity, note FROM tour_date_changes ORDER BY day, time, id").all() as DateChange[],
  };
}

/** Replaces the settings, the weekly times and the per-package settings; call inside a transaction. */
export function writeScheduleSettings(
  db: Db,
  settings: Omit<ScheduleSettingsRow, "time_zone">,
  weekly: readonly { package: TourPackageId; weekday: number; time: string }[],
  packages: readonly PackageSettingsRow[],
  now: Date,
): void {
  db.prepare(
    `UPDATE tour_schedule SET cutoff_hours = @cutoff_hours, hold_hours = @hold_hours, reminder_hours = @reminder_hours,
       waitlist_hold_hours = @waitlist_hold_hours, shared_guide = @shared_guide, horizon_months = @horizon_months, updated_at = @at WHERE id = 1`,
  ).run({ ...settings, at: now.toISOString() });
  db.prepare("DELETE FROM tour_weekly_times").run();
  const insertTime = db.prepare("INSERT OR IGNORE INTO tour_weekly_times (package, weekday, time) VALUES (?, ?, ?)");
  for (const row of weekly) insertTime.run(row.package, row.weekday, row.time);
  const setPackage = db.prepare(
    `INSERT INTO tour_package_settings (package, instant_confirm, capacity) VALUES (@package, @instant_confirm, @capacity)
     ON CONFLICT (package) DO UPDATE SET instant_confirm = excluded.instant_confirm, capacity = excluded.capacity`,
  );
  for (const row of packages) setPackage.run(row);
}

/** Adds a closed stretch of days; its id. */
export function insertClosure(db: Db, closure: Omit<ClosureRow, "id">): number {
  return Number(
    db.prepare("INSERT INTO tour_closures (first_day, last_day, note) VALUES (?, ?, ?)").run(closure.first_day, closure.last_day, closure.note).lastInsertRowid,
  );
}

/** Removes a closure; false when there was none with that id. */
export function deleteClosure(db: Db, id: number): boolean {
  return db.prepare("DELETE FROM tour_closures WHERE id = ?").run(id).changes === 1;
}

/** Adds a one-off change of a date, replacing one already set for the same day, package and time; its id. */
export function insertDateChange(db: Db, change: Omit<DateChange, "id">, now: Date): number {
  db.prepare("DELETE FROM tour_date_changes WHERE day = ? AND package = ? AND time = ?").run(change.day, change.package, change.time);
  return Number(
    db
      .prepare("INSERT INTO tour_date_changes (day, package, time, kind, capacity, note, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(change.day, change.package, change.time, change.kind, change.capacity, change.note, now.toISOString()).lastInsertRowid,
  );
}

/** Removes a one-off change; false when there was none with that id. */
export function deleteDateChange(db: Db, id: number): boolean {
  return db.prepare("DELETE FROM tour_date_changes WHERE id = ?").run(id).changes === 1;
}
