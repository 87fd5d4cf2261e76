/**
 * The estate's tour schedule: when each package runs, how many people a tour takes, how late one
 * can book, which days are closed. One row of settings, weekly times per package and closures,
 * in tables of migration 30; the defaults are that migration's and docs/bookings.md's.
 */
import { tourPackageIds, type TourPackageId } from "#forms/tour-booking";
import type { Db } from "../db/database";
import { addDays, dayCount, estateZone, isoWithOffset, instantOf, weekdayOf, type LocalTime } from "./paris-time";

/** A closed stretch of days (harvest, a holiday), both ends included. */
export interface Closure {
  id: number;
  firstDay: string;
  lastDay: string;
  /** The estate's own word for it, shown to staff only. */
  note: string;
}

/** Everything that decides which slots exist and how many places each has. */
export interface Schedule {
  /** The zone the times are read in: always the estate's. */
  zone: string;
  /** People per tour (the spec's group of at most 8). */
  capacity: number;
  /** A slot can be booked, moved or cancelled online until this many hours before it starts. */
  cutoffHours: number;
  /** A request waiting for the estate holds its places this long, then expires. */
  holdHours: number;
  /** The reminder goes this many hours before the tour. */
  reminderHours: number;
  /** A freed place offered to the waitlist is held this long for the one it is offered to. */
  waitlistHoldHours: number;
  /** One guide for every package: tours starting at the same time share one group's places. */
  sharedGuide: boolean;
  /** Per package: weekly times as `HH:MM` per ISO weekday (1 Monday … 7 Sunday). */
  times: Record<TourPackageId, Record<number, string[]>>;
  /** Per package: a booking with places free is confirmed at once, without waiting for the estate. */
  instantConfirm: Record<TourPackageId, boolean>;
  closures: Closure[];
}

/** The weekdays, Monday first. */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** A slot of the schedule: a package at a local time. */
export interface Slot extends LocalTime {
  package: TourPackageId;
}

interface SettingsRow {
  time_zone: string;
  capacity: number;
  cutoff_hours: number;
  hold_hours: number;
  reminder_hours: number;
  waitlist_hold_hours: number;
  shared_guide: number;
}

/** Reads the schedule as the estate last saved it. */
export function readSchedule(db: Db): Schedule {
  const settings = db.prepare("SELECT * FROM tour_schedule WHERE id = 1").get() as SettingsRow;
  const times = Object.fromEntries(tourPackageIds.map((id) => [id, Object.fromEntries(weekdays.map((day) => [day, [] as string[]]))])) as Schedule["times"];
  for (const row of db.prepare("SELECT package, weekday, time FROM tour_weekly_times ORDER BY time").all() as { package: TourPackageId; weekday: number; time: string }[]) {
    times[row.package]?.[row.weekday]?.push(row.time);
  }
  const instantConfirm = Object.fromEntries(tourPackageIds.map((id) => [id, true])) as Schedule["instantConfirm"];
  for (const row of db.prepare("SELECT package, instant_confirm FROM tour_package_settings").all() as { package: TourPackageId; instant_confirm: number }[]) {
    if (row.package in instantConfirm) instantConfirm[row.package] = row.instant_confirm === 1;
  }
  const closures = (db.prepare("SELECT id, first_day, last_day, note FROM tour_closures ORDER BY first_day").all() as { id: number; first_day: string; last_day: string; note: string }[]).map(
    (row) => ({ id: row.id, firstDay: row.first_day, lastDay: row.last_day, note: row.note }),
  );
  return {
    zone: settings.time_zone,
    capacity: settings.capacity,
    cutoffHours: settings.cutoff_hours,
    holdHours: settings.hold_hours,
    reminderHours: settings.reminder_hours,
    waitlistHoldHours: settings.waitlist_hold_hours,
    sharedGuide: settings.shared_guide === 1,
    times,
    instantConfirm,
    closures,
  };
}

/** What the schedule form saves (closures are added and removed one by one). */
export type ScheduleSettings = Omit<Schedule, "zone" | "closures">;

/** Saves the settings, times and confirmation options, replacing the old ones; call inside a transaction. */
export function saveSchedule(db: Db, settings: ScheduleSettings, now: Date): void {
  db.prepare(
    `UPDATE tour_schedule SET capacity = ?, cutoff_hours = ?, hold_hours = ?, reminder_hours = ?, waitlist_hold_hours = ?, shared_guide = ?, updated_at = ? WHERE id = 1`,
  ).run(settings.capacity, settings.cutoffHours, settings.holdHours, settings.reminderHours, settings.waitlistHoldHours, settings.sharedGuide ? 1 : 0, now.toISOString());
  db.prepare("DELETE FROM tour_weekly_times").run();
  const insertTime = db.prepare("INSERT OR IGNORE INTO tour_weekly_times (package, weekday, time) VALUES (?, ?, ?)");
  const setInstant = db.prepare("INSERT INTO tour_package_settings (package, instant_confirm) VALUES (?, ?) ON CONFLICT (package) DO UPDATE SET instant_confirm = excluded.instant_confirm");
  for (const id of tourPackageIds) {
    for (const day of weekdays) for (const time of settings.times[id][day] ?? []) insertTime.run(id, day, time);
    setInstant.run(id, settings.instantConfirm[id] ? 1 : 0);
  }
}

/** Adds a closure; call inside a transaction. */
export function addClosure(db: Db, closure: Omit<Closure, "id">): number {
  return Number(db.prepare("INSERT INTO tour_closures (first_day, last_day, note) VALUES (?, ?, ?)").run(closure.firstDay, closure.lastDay, closure.note).lastInsertRowid);
}

/** Removes a closure; false when there was none with that id. */
export function removeClosure(db: Db, id: number): boolean {
  return db.prepare("DELETE FROM tour_closures WHERE id = ?").run(id).changes === 1;
}

/** Whether the estate is closed that day. */
export const isClosed = (schedule: Schedule, date: string) => schedule.closures.some((closure) => closure.firstDay <= date && date <= closure.lastDay);

/** The slots of a package from `from` to `to` (days, both included), in time order, closures left out. */
export function slotsBetween(schedule: Schedule, pkg: TourPackageId, from: string, to: string): Slot[] {
  const slots: Slot[] = [];
  for (let i = 0; i < dayCount(from, to); i++) {
    const date = addDays(from, i);
    if (isClosed(schedule, date)) continue;
    for (const time of schedule.times[pkg][weekdayOf(date)] ?? []) slots.push({ package: pkg, date, time });
  }
  return slots;
}

/** Whether the schedule has this slot (its package runs at that time that day, and the day is open). */
export function hasSlot(schedule: Schedule, slot: Slot): boolean {
  return !isClosed(schedule, slot.date) && (schedule.times[slot.package][weekdayOf(slot.date)] ?? []).includes(slot.time);
}

/** When a slot starts, as an instant. */
export const slotInstant = (schedule: Schedule, slot: LocalTime) => instantOf(slot, schedule.zone || estateZone);

/** A slot's `start` as the API writes it. */
export const slotStart = (schedule: Schedule, slot: LocalTime) => isoWithOffset(slot, schedule.zone || estateZone);

/** Whether a slot can still be booked, moved or cancelled online at `now` (before the cut-off). */
export const beforeCutoff = (schedule: Schedule, slot: LocalTime, now: Date) => slotInstant(schedule, slot).getTime() - schedule.cutoffHours * 3_600_000 > now.getTime();
