/**
 * The estate's tour schedule: when each package runs, how many people a tour takes, how late and
 * how far ahead one can book, which days are closed, and one-off changes of a single date. The
 * schedule is a template for new bookings only: a booking keeps its own package, day, time and
 * group whatever the schedule later says (./ledger.ts counts places from the bookings). The
 * tables are server/db/tour-schedule.ts's; the defaults are docs/bookings.md's.
 */
import { tourPackageIds, type TourPackageId } from "#forms/tour-booking";
import type { Db } from "../db/database";
import {
  deleteClosure,
  deleteDateChange,
  insertClosure,
  insertDateChange,
  readScheduleRows,
  writeScheduleSettings,
  type DateChange,
} from "../db/tour-schedule";
import { readPackageRules } from "../db/tour-rules";
import { addDays, addMonths, dayCount, estateZone, isoWithOffset, instantOf, localOf, weekdayOf, type LocalTime } from "./paris-time";

/** A closed stretch of days (harvest, a holiday), both ends included. */
export interface Closure {
  id: number;
  firstDay: string;
  lastDay: string;
  /** The estate's own word for it, shown to staff only. */
  note: string;
}

/** A one-off change of one date (server/db/tour-schedule.ts: one type for the row and the rule). */
export type { DateChange } from "../db/tour-schedule";

/**
 * A package's own rules (the staff's experiences page): the smallest group its tour runs for (a
 * smaller one waits until enough people booked that time), its own cut-off and horizon (null: the
 * schedule's), and the share of the price paid online when booking (0: none).
 */
export interface PackageRules {
  minGuests: number;
  cutoffHours: number | null;
  horizonMonths: number | null;
  depositPercent: number;
}

/** A package's rules before the estate sets any. */
const defaultRules: PackageRules = { minGuests: 1, cutoffHours: null, horizonMonths: null, depositPercent: 0 };

/** Everything that decides which slots exist and how many places each has. */
export interface Schedule {
  /** The zone the times are read in: always the estate's. */
  zone: string;
  /** Per package: people per tour (the spec's group of at most 8). */
  capacity: Record<TourPackageId, number>;
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
  /** No slot further ahead than this many months can be booked, moved or offered, by anyone. */
  horizonMonths: number;
  /** Per package: weekly times as `HH:MM` per ISO weekday (1 Monday … 7 Sunday). */
  times: Record<TourPackageId, Record<number, string[]>>;
  /** Per package: a booking with places free is confirmed at once, without waiting for the estate. */
  instantConfirm: Record<TourPackageId, boolean>;
  closures: Closure[];
  dateChanges: DateChange[];
  /** Per package: its own rules (a minimum group, its cut-off and horizon, a deposit). */
  rules: Record<TourPackageId, PackageRules>;
}

/** The weekdays, Monday first. */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** A waitlist holds at most this many times a slot's capacity in places (people waiting). */
export const waitlistFactor = 2;

/** A slot of the schedule: a package at a local time. */
export interface Slot extends LocalTime {
  package: TourPackageId;
}

const emptyTimes = (): Schedule["times"] =>
  Object.fromEntries(tourPackageIds.map((id) => [id, Object.fromEntries(weekdays.map((day) => [day, [] as string[]]))])) as Schedule["times"];

/** Reads the schedule as the estate last saved it. */
export function readSchedule(db: Db): Schedule {
  const rows = readScheduleRows(db);
  const times = emptyTimes();
  for (const row of rows.weekly) times[row.package]?.[row.weekday]?.push(row.time);
  const instantConfirm = Object.fromEntries(tourPackageIds.map((id) => [id, true])) as Schedule["instantConfirm"];
  const capacity = Object.fromEntries(tourPackageIds.map((id) => [id, 8])) as Schedule["capacity"];
  for (const row of rows.packages) {
    if (!(row.package in instantConfirm)) continue;
    instantConfirm[row.package] = row.instant_confirm === 1;
    capacity[row.package] = row.capacity;
  }
  const { settings } = rows;
  return {
    zone: settings.time_zone,
    capacity,
    cutoffHours: settings.cutoff_hours,
    holdHours: settings.hold_hours,
    reminderHours: settings.reminder_hours,
    waitlistHoldHours: settings.waitlist_hold_hours,
    sharedGuide: settings.shared_guide === 1,
    horizonMonths: settings.horizon_months,
    times,
    instantConfirm,
    closures: rows.closures.map((row) => ({ id: row.id, firstDay: row.first_day, lastDay: row.last_day, note: row.note })),
    dateChanges: rows.dateChanges.filter((row) => (tourPackageIds as readonly string[]).includes(row.package)),
    rules: rulesOf(db),
  };
}

/** Every package's rules as stored, the defaults for a package without any. */
function rulesOf(db: Db): Schedule["rules"] {
  const rules = Object.fromEntries(tourPackageIds.map((id) => [id, { ...defaultRules }])) as Schedule["rules"];
  for (const row of readPackageRules(db)) {
    if (!(row.package in rules)) continue;
    rules[row.package] = { minGuests: row.min_guests, cutoffHours: row.cutoff_hours, horizonMonths: row.horizon_months, depositPercent: row.deposit_percent };
  }
  return rules;
}

/** What the schedule form saves (closures and one-off changes are added and removed one by one). */
export type ScheduleSettings = Omit<Schedule, "zone" | "closures" | "dateChanges" | "rules">;

/**
 * A change of the schedule, as the estate asks for it. Applying one never touches a booking by
 * itself: the bookings it would leave off the schedule or over capacity are listed first
 * (./service.ts `affectedBy`), and each is kept, moved or cancelled as the staff choose.
 */
export type ScheduleChange =
  | { kind: "settings"; settings: ScheduleSettings }
  | { kind: "closure-add"; closure: Omit<Closure, "id"> }
  | { kind: "closure-remove"; id: number }
  | { kind: "date-add"; change: Omit<DateChange, "id"> }
  /** One date's time run at another time that day, in one step: the old time closed and the new one added. */
  | { kind: "date-move"; change: Omit<DateChange, "id">; to: string }
  | { kind: "date-remove"; id: number };

/** Why a booking is touched by a schedule change: its day closes, its time leaves the schedule, or its time's capacity falls below what is booked. */
export type AffectReason = "closed" | "removed" | "capacity";

/** The schedule as it would be after `change` (nothing written). */
export function proposedSchedule(schedule: Schedule, change: ScheduleChange): Schedule {
  switch (change.kind) {
    case "settings":
      return { ...schedule, ...change.settings };
    case "closure-add":
      return { ...schedule, closures: [...schedule.closures, { id: 0, ...change.closure }] };
    case "closure-remove":
      return { ...schedule, closures: schedule.closures.filter((closure) => closure.id !== change.id) };
    case "date-add": {
      const { day, package: pkg, time } = change.change;
      const others = schedule.dateChanges.filter((one) => !(one.day === day && one.package === pkg && one.time === time));
      return { ...schedule, dateChanges: [...others, { id: 0, ...change.change }] };
    }
    case "date-move":
      return dateMoveSteps(change).reduce(proposedSchedule, schedule);
    case "date-remove":
      return { ...schedule, dateChanges: schedule.dateChanges.filter((one) => one.id !== change.id) };
  }
}

/** Writes a change; call inside the transaction that also settles the bookings it touches. Gives the id of what it added, if anything. */
export function writeScheduleChange(db: Db, change: ScheduleChange, now: Date): number | null {
  switch (change.kind) {
    case "settings": {
      const { settings } = change;
      const weekly = tourPackageIds.flatMap((pkg) =>
        weekdays.flatMap((weekday) => (settings.times[pkg][weekday] ?? []).map((time) => ({ package: pkg, weekday, time }))),
      );
      const packages = tourPackageIds.map((pkg) => ({ package: pkg, instant_confirm: settings.instantConfirm[pkg] ? 1 : 0, capacity: settings.capacity[pkg] }));
      writeScheduleSettings(
        db,
        {
          cutoff_hours: settings.cutoffHours,
          hold_hours: settings.holdHours,
          reminder_hours: settings.reminderHours,
          waitlist_hold_hours: settings.waitlistHoldHours,
          shared_guide: settings.sharedGuide ? 1 : 0,
          horizon_months: settings.horizonMonths,
        },
        weekly,
        packages,
        now,
      );
      return null;
    }
    case "closure-add":
      return insertClosure(db, { first_day: change.closure.firstDay, last_day: change.closure.lastDay, note: change.closure.note });
    case "closure-remove":
      return deleteClosure(db, change.id) ? change.id : null;
    case "date-add":
      return insertDateChange(db, change.change, now);
    case "date-move": {
      const [closed, added] = dateMoveSteps(change).map((step) => writeScheduleChange(db, step, now));
      return added ?? closed ?? null;
    }
    case "date-remove":
      return deleteDateChange(db, change.id) ? change.id : null;
  }
}

/** A date's move as its two one-off changes: the old time closed that day, the new time added (the old one's note on both). */
function dateMoveSteps(change: Extract<ScheduleChange, { kind: "date-move" }>): ScheduleChange[] {
  const closed = { ...change.change, kind: "closed" as const, capacity: null };
  return [
    { kind: "date-add", change: closed },
    { kind: "date-add", change: { ...closed, kind: "extra", time: change.to } },
  ];
}

/** The closure that covers a day, if any. */
export const closureOn = (schedule: Schedule, date: string) => schedule.closures.find((closure) => closure.firstDay <= date && date <= closure.lastDay) ?? null;

/** Whether the estate is closed that day. */
export const isClosed = (schedule: Schedule, date: string) => closureOn(schedule, date) !== null;

/** The one-off change of a slot's time that day, if any. */
export const dateChangeOf = (schedule: Schedule, slot: Slot) =>
  schedule.dateChanges.find((one) => one.day === slot.date && one.package === slot.package && one.time === slot.time) ?? null;

/**
 * The times a package runs on a day: its weekly times, less those a one-off change closes, plus
 * the day's extra times; none on a closed day. In time order.
 */
export function timesOn(schedule: Schedule, pkg: TourPackageId, date: string): string[] {
  if (isClosed(schedule, date)) return [];
  const weekly = schedule.times[pkg][weekdayOf(date)] ?? [];
  const changes = schedule.dateChanges.filter((one) => one.day === date && one.package === pkg);
  if (changes.length === 0) return weekly;
  const closed = new Set(changes.filter((one) => one.kind === "closed").map((one) => one.time));
  const extra = changes.filter((one) => one.kind === "extra").map((one) => one.time);
  return [...new Set([...weekly.filter((time) => !closed.has(time)), ...extra])].sort();
}

/** Whether the schedule has this slot (its package runs at that time that day). */
export const hasSlot = (schedule: Schedule, slot: Slot) => timesOn(schedule, slot.package, slot.date).includes(slot.time);

/** How many people a slot takes: a one-off capacity for that time that day, else the package's. */
export function capacityOf(schedule: Schedule, slot: Slot): number {
  const change = dateChangeOf(schedule, slot);
  return change && change.kind !== "closed" && change.capacity !== null ? change.capacity : schedule.capacity[slot.package];
}

/** The slots of a package from `from` to `to` (days, both included), in time order. */
export function slotsBetween(schedule: Schedule, pkg: TourPackageId, from: string, to: string): Slot[] {
  const slots: Slot[] = [];
  for (let i = 0; i < dayCount(from, to); i++) {
    const date = addDays(from, i);
    for (const time of timesOn(schedule, pkg, date)) slots.push({ package: pkg, date, time });
  }
  return slots;
}

/** When a slot starts, as an instant. */
export const slotInstant = (schedule: Schedule, slot: LocalTime) => instantOf(slot, schedule.zone || estateZone);

/** A slot's `start` as the API writes it. */
export const slotStart = (schedule: Schedule, slot: LocalTime) => isoWithOffset(slot, schedule.zone || estateZone);

/** The hours before a package's tour when online booking, moving and cancelling end: its own, else the schedule's. */
export const cutoffOf = (schedule: Schedule, pkg: TourPackageId | undefined) => (pkg ? schedule.rules[pkg]?.cutoffHours : null) ?? schedule.cutoffHours;

/** Whether a slot can still be booked, moved or cancelled online at `now` (before its package's cut-off). */
export const beforeCutoff = (schedule: Schedule, slot: LocalTime & { package?: TourPackageId }, now: Date) =>
  slotInstant(schedule, slot).getTime() - cutoffOf(schedule, slot.package) * 3_600_000 > now.getTime();

/** When a group waiting for its tour's minimum stops holding its places: the package's cut-off. */
export const minimumHoldEnd = (schedule: Schedule, slot: LocalTime & { package: TourPackageId }) =>
  new Date(slotInstant(schedule, slot).getTime() - cutoffOf(schedule, slot.package) * 3_600_000);

/** How many months ahead a package's tours can be booked: its own horizon, else the schedule's (every page that states it, every check). */
export const horizonOf = (schedule: Schedule, pkg: TourPackageId | undefined) => (pkg ? schedule.rules[pkg]?.horizonMonths : null) ?? schedule.horizonMonths;

/** The last day that can be booked at `now`: the horizon's months (the package's own, else the schedule's) after today, on the estate's clock. */
const horizonEnd = (schedule: Schedule, now: Date, pkg?: TourPackageId) => addMonths(localOf(now, schedule.zone || estateZone).date, horizonOf(schedule, pkg));

/** Whether a day is within the booking horizon (of `pkg`, when named) at `now`. */
export const withinHorizon = (schedule: Schedule, date: string, now: Date, pkg?: TourPackageId) => date <= horizonEnd(schedule, now, pkg);
