/**
 * Tour bookings with a slot: the schedule (read once, again after the estate changes it), the
 * places (./ledger.ts), and the visitor's e-mails, each queued in the outbox inside the
 * transaction that makes the change it tells of, so it is sent once or not at all.
 */
import { content } from "#content";
import { textIn } from "#content/text";
import { defaultLanguage, isLanguage, type Language } from "#core/languages";
import { localizePath } from "#core/paths";
import type { TourPackageId } from "#forms/tour-booking";
import { whenWritable } from "../db/availability";
import type { Db } from "../db/database";
import { changeStatus } from "../db/inbox";
import { enqueueMail } from "../db/outbox";
import { composeEstateChange, type EstateChangeKind } from "../mail/tour-estate";
import { composeVisitMail, composeWaitlistOffer, type VisitMailContext, type VisitMailKind } from "../mail/tour-visit";
import { Ledger, SlotRefused, type OpenSlot, type SlotBooking, type SlotStatus } from "./ledger";
import { localOf } from "./paris-time";
import { hasSlot, readSchedule, slotInstant, slotsBetween, type Schedule, type Slot } from "./schedule";
import { Waitlist, type WaitlistEntry } from "./waitlist";

/** The inbox's type of tour bookings (forms/tour-booking.ts `slug`). */
const bookingType = "tour-bookings";

/** A booking with its slot and what the visitor's e-mails need of the submission. */
export interface BookedVisit extends SlotBooking {
  /** The name the visitor gave: only the estate's e-mails and pages show it. */
  name: string;
  email: string;
  language: Language;
}

/** The tour's name in a language, as the booking form names it once chosen. */
export function tourName(pkg: string, lang: Language): string {
  const found = content.tours.packages.find((tour) => tour.id === pkg);
  return found ? textIn(found.selectedLabel, lang) : pkg;
}

/** The contact page in a language, as an absolute address (the 409 answers and the visitor's page offer it). */
export const contactLink = (siteUrl: string, lang: Language) => new URL(localizePath(lang, "/contact"), siteUrl).toString();

export interface TourServiceOptions {
  now: () => Date;
  /** Set when mail is configured: the visitor's e-mails are queued with each change. */
  mail: Omit<VisitMailContext, "cutoffHours" | "holdHours"> | null;
  /** A new e-mail is in the outbox. */
  kick: () => void;
}

export class TourService {
  readonly ledger: Ledger;
  readonly waitlist: Waitlist;
  private cached: Schedule | null = null;
  /** Bumped by every change of places or schedule: a remembered availability answer older than it is dropped. */
  private version = 0;
  private readonly answers = new Map<string, { version: number; at: number; slots: OpenSlot[] }>();

  constructor(
    readonly db: Db,
    readonly options: TourServiceOptions,
  ) {
    this.ledger = new Ledger(db);
    this.waitlist = new Waitlist(db);
  }

  get now(): Date {
    return this.options.now();
  }

  /** The schedule, read once and again after `scheduleChanged`. */
  schedule(): Schedule {
    return (this.cached ??= readSchedule(this.db));
  }

  /** The estate saved the schedule: read it again. */
  scheduleChanged(): void {
    this.cached = null;
    this.version += 1;
  }

  /**
   * The slots of a package that can be booked now, from `from` to `to`. The same question within
   * a second, with no change of places or schedule since, gets the same answer without asking the
   * database again: `npm run bench:tours` measured p99 in seconds under 200 clients without it.
   */
  availability(pkg: TourPackageId, from: string, to: string): OpenSlot[] {
    const key = `${pkg} ${from} ${to}`;
    const now = this.now.getTime();
    const known = this.answers.get(key);
    if (known && known.version === this.version && Math.abs(now - known.at) < 1000) return known.slots;
    const slots = this.ledger.open(this.schedule(), pkg, from, to, this.now);
    if (this.answers.size >= 1000) this.answers.clear();
    this.answers.set(key, { version: this.version, at: now, slots });
    return slots;
  }

  /**
   * Takes the places of a new booking with a slot. Call inside the submission's transaction, after
   * its row is written: throws `SlotRefused` (the submission is then rolled back with it) when the
   * slot is not on the schedule, past its cut-off, or short of places.
   */
  reserve(booking: { id: string; slot: Slot; guests: number }): SlotBooking {
    const schedule = this.schedule();
    const now = this.now;
    this.version += 1;
    if (booking.guests > schedule.capacity) throw new SlotRefused("full", Math.max(0, schedule.capacity - this.ledger.taken(schedule, booking.slot, now)));
    this.ledger.check(schedule, booking.slot, booking.guests, now);
    const confirmed = schedule.instantConfirm[booking.slot.package];
    const held = this.ledger.hold({ id: booking.id, slot: booking.slot, guests: booking.guests, zone: schedule.zone, confirmed, holdUntil: Ledger.holdEnd(schedule, booking.slot, now), now });
    if (confirmed) changeStatus(this.db, bookingType, booking.id, ["new"], "confirmed", now);
    return held;
  }

  /** A booking with a slot and its visitor's address and language. */
  visit(id: string): BookedVisit | null {
    const booking = this.ledger.byId(id);
    return booking ? this.withVisitor(booking) : null;
  }

  /** The booking a private link names. */
  visitByToken(token: string): BookedVisit | null {
    const booking = this.ledger.byToken(token);
    return booking ? this.withVisitor(booking) : null;
  }

  private withVisitor(booking: SlotBooking): BookedVisit | null {
    const row = this.db.prepare("SELECT name, email, language FROM tour_bookings WHERE id = ?").get(booking.bookingId) as { name: string; email: string; language: string } | undefined;
    if (!row) return null;
    return { ...booking, name: row.name, email: row.email, language: isLanguage(row.language) ? row.language : defaultLanguage };
  }

  /** The visitor's e-mail about `visit` as it now stands, or null without mail. */
  visitorMail(kind: VisitMailKind, visit: BookedVisit) {
    const { mail } = this.options;
    if (!mail) return null;
    const schedule = this.schedule();
    return composeVisitMail(
      kind,
      { id: visit.bookingId, email: visit.email, language: visit.language, tour: tourName(visit.package, visit.language), date: visit.date, time: visit.time, zone: visit.zone, guests: visit.guests, status: visit.status, sequence: visit.sequence, token: visit.token },
      { ...mail, cutoffHours: schedule.cutoffHours, holdHours: schedule.holdHours },
      this.now,
    );
  }

  /** Queues the visitor's e-mail about a booking's new state; call inside the change's transaction. */
  tell(kind: VisitMailKind, id: string): void {
    const visit = this.visit(id);
    const mail = visit ? this.visitorMail(kind, visit) : null;
    // The outbox keeps the wall clock its sender reads, whatever clock the bookings run on (tests move theirs).
    if (mail) enqueueMail(this.db, mail, { type: bookingType, id }, new Date().toISOString());
  }

  /**
   * Queues the estate's e-mail about a visitor's own move or cancellation (`before`: the booking as
   * it stood); call inside the change's transaction.
   */
  private tellEstate(kind: EstateChangeKind, before: SlotBooking): void {
    const { mail } = this.options;
    const visit = this.visit(before.bookingId);
    if (!mail || !visit) return;
    const schedule = this.schedule();
    const moved = kind === "moved" ? slotInstant(schedule, visit) : null;
    const estate = composeEstateChange(kind, { id: visit.bookingId, name: visit.name, email: visit.email, language: visit.language, package: visit.package, guests: visit.guests, from: slotInstant(schedule, before), to: moved }, mail, this.now);
    enqueueMail(this.db, estate, { type: bookingType, id: visit.bookingId }, new Date().toISOString());
  }

  /**
   * Runs a change as one write transaction (`BEGIN IMMEDIATE`), waiting out another process's lock
   * from timers (../db/availability.ts), then sends what it queued.
   */
  async change<T>(work: () => T): Promise<T> {
    this.version += 1;
    // Whatever the change freed goes to the waitlist in the same transaction (./waitlist.ts).
    const result = await whenWritable(() =>
      this.db
        .transaction(() => {
          const done = work();
          this.offerFreedPlaces();
          return done;
        })
        .immediate(),
    );
    this.version += 1;
    this.options.kick();
    return result;
  }

  /** Whether a booking can still be changed online (before its slot's cut-off). */
  changeable(visit: SlotBooking): boolean {
    const schedule = this.schedule();
    return (visit.status === "pending" || visit.status === "confirmed") && slotInstant(schedule, visit).getTime() - schedule.cutoffHours * 3_600_000 > this.now.getTime();
  }

  /** The visitor moves their booking to another slot of its package: places checked, the move recorded, the visitor told. */
  moveByVisitor(id: string, to: Slot): Promise<"moved" | "late" | SlotRefused> {
    return this.change(() => {
      const visit = this.ledger.byId(id);
      if (!visit || !this.changeable(visit)) return "late" as const;
      try {
        this.ledger.check(this.schedule(), to, visit.guests, this.now, id);
      } catch (error) {
        if (error instanceof SlotRefused) return error;
        throw error;
      }
      this.ledger.move(id, to, this.now);
      this.tell("moved", id);
      this.tellEstate("moved", visit);
      return "moved" as const;
    });
  }

  /** The visitor cancels: the places return, the visitor is told. */
  cancelByVisitor(id: string): Promise<"cancelled" | "late"> {
    return this.change(() => {
      const visit = this.ledger.byId(id);
      if (!visit || !this.changeable(visit)) return "late" as const;
      this.setStatus(id, ["pending", "confirmed"], "cancelled");
      this.tell("cancelled", id);
      this.tellEstate("cancelled", visit);
      return "cancelled" as const;
    });
  }

  /**
   * A member of the staff acts on a booking's slot, in one write transaction with its places
   * counted: confirm a request (refused when the slot has no room for it, unless an admin
   * overrides with a reason: cal.com #10789), decline, undo a decline while the places are free,
   * or cancel. The visitor is told each time; `record` writes the audit entry in the same transaction.
   */
  staffAction(id: string, action: "confirm" | "decline" | "undo" | "cancel", options: { override: boolean; record: (detail: Record<string, unknown>) => void }): Promise<"done" | "full" | "stale"> {
    return this.change(() => {
      const visit = this.ledger.byId(id);
      if (!visit) return "stale" as const;
      const schedule = this.schedule();
      const room = () => Math.max(0, schedule.capacity - this.ledger.taken(schedule, visit, this.now, id)) >= visit.guests;
      if (action === "confirm" || action === "undo") {
        const from: SlotStatus[] = action === "confirm" ? ["pending"] : ["declined"];
        if (!from.includes(visit.status)) return "stale" as const;
        const free = room();
        if (!free && !options.override) return "full" as const;
        this.setStatus(id, from, "confirmed");
        options.record({ slot: `${visit.date} ${visit.time}`, overbooked: !free });
        this.tell("confirmed", id);
        return "done" as const;
      }
      const from: SlotStatus[] = action === "decline" ? ["pending", "confirmed"] : ["pending", "confirmed"];
      if (!this.setStatus(id, from, action === "decline" ? "declined" : "cancelled")) return "stale" as const;
      options.record({ slot: `${visit.date} ${visit.time}` });
      this.tell(action === "decline" ? "declined" : "cancelled", id);
      return "done" as const;
    });
  }

  /**
   * The times of one day a booking could move to, for the staff: its package's slots on the
   * schedule that have not started (the visitors' cut-off does not bind the estate), each with the
   * places left not counting the booking's own, the booking's own time left out.
   */
  staffMoveOptions(visit: SlotBooking, day: string): OpenSlot[] {
    const schedule = this.schedule();
    const now = this.now;
    return slotsBetween(schedule, visit.package, day, day)
      .filter((slot) => slotInstant(schedule, slot).getTime() > now.getTime() && !(slot.date === visit.date && slot.time === visit.time))
      .map((slot) => ({ ...slot, capacity: schedule.capacity, placesLeft: Math.max(0, schedule.capacity - this.ledger.taken(schedule, slot, now, visit.bookingId)) }));
  }

  /**
   * A member of the staff moves a waiting or confirmed booking to another time of its package, in
   * one write transaction: the new time's places counted (the booking's own left out), the move
   * recorded with the calendar's next SEQUENCE, the visitor's e-mail with the updated calendar file
   * (same UID) queued, and `record` writing the audit entry. The visitor's cut-off does not apply.
   */
  moveByStaff(id: string, to: Slot, record: (detail: Record<string, unknown>) => void): Promise<"moved" | "stale" | SlotRefused> {
    return this.change(() => {
      const visit = this.ledger.byId(id);
      if (!visit || (visit.status !== "pending" && visit.status !== "confirmed") || to.package !== visit.package) return "stale" as const;
      if (to.date === visit.date && to.time === visit.time) return "stale" as const;
      try {
        this.ledger.check(this.schedule(), to, visit.guests, this.now, id, true);
      } catch (error) {
        if (error instanceof SlotRefused) return error;
        throw error;
      }
      this.ledger.move(id, to, this.now);
      record({ from: `${visit.date} ${visit.time}`, to: `${to.date} ${to.time}` });
      this.tell("moved", id);
      return "moved" as const;
    });
  }

  /**
   * Puts a new request in line for a full slot; call inside the submission's transaction, after
   * its row is written.
   */
  joinWaitlist(booking: { id: string; slot: Slot; guests: number }): void {
    this.version += 1;
    this.waitlist.join({ bookingId: booking.id, slot: booking.slot, guests: booking.guests, now: this.now });
  }

  /**
   * Offers freed places to the waitlist, inside the current write transaction: each one waiting,
   * first in line first, whose group fits in the places now free of their slot is offered them,
   * held until the waitlist hold ends (never past the visitors' cut-off), with the offer's e-mail
   * queued in the same transaction. A slot past its cut-off ends its waitlist.
   */
  private offerFreedPlaces(): void {
    const schedule = this.schedule();
    const now = this.now;
    for (const lapsed of this.waitlist.lapsedOffers(now)) this.waitlist.setStatus(lapsed.id, "offered", "lapsed", now);
    for (const entry of this.waitlist.waiting()) {
      const cutoff = slotInstant(schedule, entry).getTime() - schedule.cutoffHours * 3_600_000;
      if (!hasSlot(schedule, entry) || cutoff <= now.getTime()) {
        this.waitlist.setStatus(entry.id, "waiting", "gone", now);
        continue;
      }
      if (schedule.capacity - this.ledger.taken(schedule, entry, now) < entry.guests) continue;
      const until = new Date(Math.min(now.getTime() + schedule.waitlistHoldHours * 3_600_000, cutoff));
      this.waitlist.setStatus(entry.id, "waiting", "offered", now, until);
      this.version += 1;
      this.tellOffer(entry.bookingId, entry, until);
    }
  }

  /** Queues the offer's e-mail to the one in line. */
  private tellOffer(bookingId: string, entry: WaitlistEntry, until: Date): void {
    const { mail } = this.options;
    const row = this.db.prepare("SELECT email, language FROM tour_bookings WHERE id = ?").get(bookingId) as { email: string; language: string } | undefined;
    if (!mail || !row) return;
    const language = isLanguage(row.language) ? row.language : defaultLanguage;
    const schedule = this.schedule();
    const offer = composeWaitlistOffer(
      { id: bookingId, email: row.email, language, tour: tourName(entry.package, language), date: entry.date, time: entry.time, zone: schedule.zone, guests: entry.guests, token: entry.token },
      localOf(until),
      { ...mail, cutoffHours: schedule.cutoffHours, holdHours: schedule.holdHours },
    );
    enqueueMail(this.db, offer, { type: bookingType, id: bookingId }, new Date().toISOString());
  }

  /**
   * The visitor takes the places of an offer: the slot is booked for their request (confirmed at
   * once or waiting, as the package says), the visitor gets the booking's e-mail with its private
   * link and calendar file. "lapsed" when the offer is no longer open.
   */
  takeOffer(token: string): Promise<"booked" | "lapsed"> {
    return this.change(() => {
      const entry = this.waitlist.byToken(token);
      const now = this.now;
      if (!entry || entry.status !== "offered" || !entry.offeredUntil || entry.offeredUntil <= now.toISOString()) return "lapsed" as const;
      this.waitlist.setStatus(entry.id, "offered", "taken", now);
      const schedule = this.schedule();
      try {
        this.ledger.check(schedule, entry, entry.guests, now);
      } catch (error) {
        if (error instanceof SlotRefused) {
          // The places were held for this offer; only a changed schedule takes them away.
          this.waitlist.setStatus(entry.id, "taken", "gone", now);
          return "lapsed" as const;
        }
        throw error;
      }
      const confirmed = schedule.instantConfirm[entry.package];
      this.ledger.hold({ id: entry.bookingId, slot: entry, guests: entry.guests, zone: schedule.zone, confirmed, holdUntil: Ledger.holdEnd(schedule, entry, now), now });
      if (confirmed) changeStatus(this.db, bookingType, entry.bookingId, ["new"], "confirmed", now);
      this.tell("booked", entry.bookingId);
      return "booked" as const;
    });
  }

  /** Changes a booking's status and the inbox's with it; false when it was not in one of `from`. */
  setStatus(id: string, from: readonly SlotStatus[], to: SlotStatus, holdUntil: Date | null = null): boolean {
    if (!this.ledger.setStatus(id, from, to, this.now, holdUntil)) return false;
    const inbox = to === "pending" ? "new" : to === "expired" ? "declined" : to;
    this.db.prepare("UPDATE inbox SET status = ?, status_changed_at = ? WHERE type = ? AND submission_id = ?").run(inbox, this.now.toISOString(), bookingType, id);
    return true;
  }

  /**
   * Queues the reminder of each confirmed tour that starts within `reminderHours`, once: the
   * booking is marked in the same transaction that queues the e-mail, so a restart (or a second
   * sweep) finds it marked, and the outbox sends each e-mail once. A cancelled or moved-away
   * booking is no longer confirmed at that time, so it gets none.
   */
  async sendReminders(): Promise<number> {
    return this.change(() => {
      const schedule = this.schedule();
      const now = this.now;
      const due = this.db
        .prepare("SELECT booking_id, slot_date, slot_time FROM tour_slot_bookings WHERE status = 'confirmed' AND reminder_queued_at IS NULL AND slot_date BETWEEN ? AND ?")
        .all(localOf(new Date(now.getTime() - 86_400_000)).date, localOf(new Date(now.getTime() + (schedule.reminderHours + 24) * 3_600_000)).date) as { booking_id: string; slot_date: string; slot_time: string }[];
      let count = 0;
      for (const row of due) {
        const start = slotInstant(schedule, { date: row.slot_date, time: row.slot_time }).getTime();
        if (start <= now.getTime() || start - schedule.reminderHours * 3_600_000 > now.getTime()) continue;
        this.db.prepare("UPDATE tour_slot_bookings SET reminder_queued_at = ? WHERE booking_id = ? AND reminder_queued_at IS NULL").run(now.toISOString(), row.booking_id);
        this.tell("reminder", row.booking_id);
        count += 1;
      }
      return count;
    });
  }

  /**
   * Ends the holds of requests the estate left unanswered: each becomes expired, its places
   * return and its visitor is told, once (the status changes in the same transaction as the mail).
   */
  async expireHolds(): Promise<number> {
    return this.change(() => {
      let count = 0;
      for (const visit of this.ledger.expiredHolds(this.now)) {
        if (!this.setStatus(visit.bookingId, ["pending"], "expired")) continue;
        this.tell("expired", visit.bookingId);
        count += 1;
      }
      return count;
    });
  }
}
