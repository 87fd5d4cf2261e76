/**
 * Tour bookings with a slot: the schedule (read once, again after the estate changes it), the
 * places (./ledger.ts), and the visitor's e-mails, each queued in the outbox inside the
 * transaction that makes the change it tells of, so it is sent once or not at all. Every path
 * that takes places goes through here: a visitor's booking, the staff's confirmation of a
 * request, a phone or walk-in booking, a move, a waitlist offer taken, a schedule change.
 */
import { defaultLanguage, isLanguage, type Language } from "#core/languages";
import { localizePath } from "#core/paths";
import type { TourPackageId } from "#forms/tour-booking";
import { auditActions, auditCountSince, recordAudit, visitorActor } from "../db/audit";
import { whenWritable } from "../db/availability";
import type { ContentStore } from "../content-store";
import type { Db } from "../db/database";
import { changeStatus } from "../db/inbox";
import { statusesOf } from "../forms";
import { enqueueMail } from "../db/outbox";
import {
  attendanceOf,
  heldBookingsBetween,
  markReminderQueued,
  peopleTowardsMinimum,
  waitingForMinimum,
  placesHeldBetween,
  remindersNotQueued,
  setAttendance,
  visitorOf,
  type Attendance,
  type HeldBooking,
} from "../db/tour-ledger";
import { Waitlist, type WaitlistEntry } from "../db/tour-waitlist";
import type { MailContext } from "../mail/compose";
import { composeEstateChange, type EstateChangeKind } from "../mail/tour-estate";
import { composeExperienceMail } from "../mail/tour-experience";
import {
  composeVisitMail,
  composeWaitlistJoined,
  composeWaitlistOffer,
  type VisitForMail,
  type VisitMailContext,
  type VisitMailKind,
} from "../mail/tour-visit";
import { setPaymentStatus } from "../db/tour-payments";
import { releaseVoucher } from "../db/tour-vouchers";
import { dayViews, type DayView } from "./day-view";
import { Ledger, SlotRefused, type OpenSlot, type SlotBooking, type SlotStatus } from "./ledger";
import { addDays, localOf, type LocalTime } from "./paris-time";
import {
  beforeCutoff,
  capacityOf,
  cutoffOf,
  hasSlot,
  isClosed,
  minimumHoldEnd,
  proposedSchedule,
  readSchedule,
  slotInstant,
  slotStart,
  slotsBetween,
  waitlistFactor,
  withinHorizon,
  writeScheduleChange,
  type Schedule,
  type ScheduleChange,
  type Slot,
} from "./schedule";

/** The inbox's type of tour bookings (forms/tour-booking.ts `slug`). */
const bookingType = "tour-bookings";

/** A booking with its slot and what the visitor's e-mails need of the submission. */
export interface BookedVisit extends SlotBooking {
  /** The name the visitor gave: only the estate's e-mails and pages show it. */
  name: string;
  email: string;
  phone: string | null;
  language: Language;
}

/** The contact page in a language, as an absolute address (the 409 answers and the visitor's page offer it). */
export const contactLink = (siteUrl: string, lang: Language) => new URL(localizePath(lang, "/contact"), siteUrl).toString();

/** A visitor may move their booking through the private link this many times in 24 hours (each move mails the estate). */
export const visitorMovesPerDay = 3;

/** The waitlist of a slot is full: its people in line already reach twice the slot's capacity. */
export class WaitlistFull extends Error {
  override name = "WaitlistFull";
}

/** Why a booking is touched by a schedule change: its day closes, its time leaves the schedule, or its time's capacity falls below what is booked. */
export type AffectReason = "closed" | "removed" | "capacity";

/** A booking a schedule change touches, with the times it could move to under the new schedule. */
export interface Affected {
  booking: HeldBooking;
  reason: AffectReason;
  moveOptions: OpenSlot[];
}

/** What the staff chose for a booking a schedule change touches. */
export type Decision = { action: "keep" } | { action: "cancel" } | { action: "move"; to: LocalTime };

/** A move chosen for a schedule change could not be made: the whole change is refused. */
export class MoveRefused extends Error {
  override name = "MoveRefused";
  constructor(
    readonly booking: HeldBooking,
    readonly to: LocalTime,
    readonly refusal: SlotRefused,
  ) {
    super(`move of ${booking.bookingId} refused: ${refusal.reason}`);
  }
}

/** Ends a change's transaction without writing anything, answering `value`. */
class Abort<T> extends Error {
  constructor(readonly value: T) {
    super("aborted");
  }
}

export interface TourServiceOptions {
  now: () => Date;
  /** The content the mails name tours from, as the live site says it (../content-store.ts). */
  content: ContentStore;
  /** Set when mail is configured: the visitor's e-mails are queued with each change. */
  mail: () => (Omit<VisitMailContext, "cutoffHours" | "holdHours"> & Pick<MailContext, "staffLanguage">) | null;
  /** A new e-mail is in the outbox. */
  kick: () => void;
  /** After each change is written (the deposits' refunds are asked for then: ./payments.ts). */
  afterChange?: () => void;
  /** The payment provider is set: a package's deposit is asked (and the availability answer says so). */
  depositsOn?: boolean;
}

/**
 * What a booking that no longer takes place gives back, in the transaction that ends it: its
 * voucher, and its deposit (a paid one is to be refunded: ./payments.ts asks the provider; an
 * open checkout ends).
 */
function releaseExtras(db: Db, bookingId: string, now: Date): void {
  releaseVoucher(db, bookingId);
  setPaymentStatus(db, bookingId, ["paid"], "refund-due", now);
  setPaymentStatus(db, bookingId, ["open"], "expired", now);
}

/**
 * The e-mail the experiences write instead of the bookings' own (`visitorMail`): none for a time
 * held until its deposit is paid (the checkout says so), the minimum's e-mail for a time held
 * until enough people booked, the lapse of either; undefined when the bookings' own e-mail is the
 * right one.
 */
function experienceMailOf(kind: VisitMailKind, visit: BookedVisit, forMail: VisitForMail, context: VisitMailContext, schedule: Schedule) {
  const withPackage = { ...forMail, package: visit.package };
  if (kind === "booked" && visit.status === "pending" && visit.waitingFor === "payment") return null;
  if (kind === "booked" && visit.status === "pending" && visit.waitingFor === "minimum")
    return composeExperienceMail("minimum", withPackage, context, schedule.rules[visit.package].minGuests);
  if (kind === "expired" && visit.waitingFor === "payment") return composeExperienceMail("paymentLapsed", withPackage, context);
  if (kind === "expired" && visit.waitingFor === "minimum") return composeExperienceMail("minimumNotReached", withPackage, context);
  return undefined;
}

export class TourService {
  readonly ledger: Ledger;
  readonly waitlist: Waitlist;
  private cached: Schedule | null = null;
  /** Bumped by every change of places or schedule: a remembered availability answer older than it is dropped. */
  private version = 0;
  private readonly answers = new Map<string, { version: number; at: number; slots: OpenSlot[]; json?: string }>();

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

  /** The content the server speaks with (the tours' names, the estate's facts). */
  get content(): ContentStore {
    return this.options.content;
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
    return this.answer(pkg, from, to).slots;
  }

  /**
   * The availability API's JSON body for the same question, serialised once per remembered
   * answer: under 200 clients the serialisation of a quarter's slots, not the counting, was what
   * each request cost (`npm run bench:tours`).
   */
  availabilityJson(pkg: TourPackageId, from: string, to: string): string {
    const answer = this.answer(pkg, from, to);
    if (answer.json === undefined) {
      const schedule = this.schedule();
      // What the tours form tells before booking: the package's minimum group, and the deposit it asks.
      const rules = schedule.rules[pkg];
      const minimum = rules.minGuests > 1 ? { minGuests: rules.minGuests } : {};
      const deposit = this.options.depositsOn && rules.depositPercent > 0 && schedule.instantConfirm[pkg] ? { depositPercent: rules.depositPercent } : {};
      answer.json = JSON.stringify({
        slots: answer.slots.map((slot) => ({ start: slotStart(schedule, slot), capacity: slot.capacity, placesLeft: slot.placesLeft })),
        ...minimum,
        ...deposit,
      });
    }
    return answer.json;
  }

  private answer(pkg: TourPackageId, from: string, to: string): { version: number; at: number; slots: OpenSlot[]; json?: string } {
    const key = `${pkg} ${from} ${to}`;
    const now = this.now.getTime();
    const known = this.answers.get(key);
    if (known && known.version === this.version && Math.abs(now - known.at) < 1000) return known;
    const fresh: { version: number; at: number; slots: OpenSlot[]; json?: string } = {
      version: this.version,
      at: now,
      slots: this.ledger.open(this.schedule(), pkg, from, to, this.now),
    };
    if (this.answers.size >= 1000) this.answers.clear();
    this.answers.set(key, fresh);
    return fresh;
  }

  /**
   * Takes the places of a new booking with a slot. Call inside the submission's transaction, after
   * its row is written: throws `SlotRefused` (the submission is then rolled back with it) when the
   * slot is not on the schedule, beyond the horizon, past its cut-off, or short of places. A
   * visitor's booking is confirmed at once or waits for the estate, as its package says; the
   * staff's (a phone or walk-in visitor) is confirmed, may be placed until the tour starts, and an
   * admin may place it over the places.
   */
  reserve(
    booking: { id: string; slot: Slot; guests: number; private?: boolean; priceCents?: number | null; paymentUntil?: Date | null },
    staff: { actor: string; overCapacity: boolean; reason: string } | null = null,
  ): SlotBooking {
    const schedule = this.schedule();
    const now = this.now;
    this.version += 1;
    const capacity = capacityOf(schedule, booking.slot);
    if (booking.guests > capacity && !staff?.overCapacity) throw new SlotRefused("full", this.ledger.placesLeft(schedule, booking.slot, now));
    const free = this.ledger.placesLeft(schedule, booking.slot, now) >= booking.guests;
    this.ledger.check(schedule, booking.slot, booking.guests, now, {
      byStaff: staff !== null,
      overCapacity: staff?.overCapacity ?? false,
      private: booking.private ?? false,
    });
    // What a visitor's booking may wait for: its deposit (held until the checkout ends), or, on a
    // tour with a minimum group, enough people at that time (held until the cut-off).
    const minimum = schedule.rules[booking.slot.package].minGuests;
    const short = !staff && !booking.private && minimum > 1 && this.peopleTowardsMinimum(booking.slot) + booking.guests < minimum;
    const waitingFor = !staff && booking.paymentUntil ? "payment" : short ? "minimum" : "estate";
    const confirmed = staff !== null || (schedule.instantConfirm[booking.slot.package] && waitingFor === "estate");
    const held = this.ledger.hold({
      id: booking.id,
      slot: booking.slot,
      guests: booking.guests,
      zone: schedule.zone,
      confirmed,
      holdUntil:
        waitingFor === "payment"
          ? booking.paymentUntil!
          : waitingFor === "minimum"
            ? minimumHoldEnd(schedule, booking.slot)
            : Ledger.holdEnd(schedule, booking.slot, now),
      now,
      source: staff ? "staff" : "visitor",
      private: booking.private ?? false,
      waitingFor,
      priceCents: booking.priceCents ?? null,
    });
    if (confirmed) changeStatus(this.db, bookingType, booking.id, ["new"], "confirmed", now);
    // This group may bring the time to its minimum: the groups waiting for it are confirmed.
    if (confirmed && !staff) this.settleMinimum(booking.slot);
    if (staff) {
      const slot = `${booking.slot.date} ${booking.slot.time}`;
      recordAudit(
        this.db,
        {
          actor: staff.actor,
          action: auditActions.bookingCreatedByStaff,
          target: { type: bookingType, id: booking.id },
          detail: { slot, guests: booking.guests },
        },
        now,
      );
      if (!free)
        recordAudit(
          this.db,
          {
            actor: staff.actor,
            action: auditActions.slotOverbooked,
            target: { type: bookingType, id: booking.id },
            detail: { slot, overbooked: true, reason: staff.reason },
          },
          now,
        );
    }
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

  /** The language of a stored request (a waitlist line has no slot booking yet). */
  requestLanguage(bookingId: string): Language {
    const language = visitorOf(this.db, bookingId)?.language;
    return isLanguage(language) ? language : defaultLanguage;
  }

  private withVisitor(booking: SlotBooking): BookedVisit | null {
    const visitor = visitorOf(this.db, booking.bookingId);
    if (!visitor) return null;
    return {
      ...booking,
      name: visitor.name,
      email: visitor.email,
      phone: visitor.phone,
      language: isLanguage(visitor.language) ? visitor.language : defaultLanguage,
    };
  }

  /** What the visitor's e-mails say of a booking: its time, group, state and private link, the tour named in the visitor's language. */
  visitForMail(visit: BookedVisit): VisitForMail {
    return {
      id: visit.bookingId,
      email: visit.email,
      language: visit.language,
      tour: this.content.tourName(visit.package, visit.language),
      date: visit.date,
      time: visit.time,
      zone: visit.zone,
      guests: visit.guests,
      status: visit.status,
      sequence: visit.sequence,
      token: visit.token,
    };
  }

  /** What the e-mails to one in a waitlist's line say of it: the time waited for, the group and the link to leave. */
  private waitlistForMail(bookingId: string, entry: WaitlistEntry, visitor: { email: string }, language: Language) {
    return {
      id: bookingId,
      email: visitor.email,
      language,
      tour: this.content.tourName(entry.package, language),
      date: entry.date,
      time: entry.time,
      zone: this.schedule().zone,
      guests: entry.guests,
      token: entry.token,
    };
  }

  /**
   * The visitor's e-mail about `visit` as it now stands, or null without mail (or without an
   * address: a walk-in, or a time held until its deposit is paid: the checkout itself says so).
   */
  visitorMail(kind: VisitMailKind, visit: BookedVisit) {
    const mail = this.options.mail();
    if (!mail || visit.email === "") return null;
    const schedule = this.schedule();
    const forMail = this.visitForMail(visit);
    const context = { ...mail, cutoffHours: cutoffOf(schedule, visit.package), holdHours: schedule.holdHours };
    // A time held for its deposit or its tour's minimum is told in words of its own (./experiences.ts).
    const experience = experienceMailOf(kind, visit, forMail, context, schedule);
    if (experience !== undefined) return experience;
    return composeVisitMail(kind, forMail, context, this.now);
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
    const mail = this.options.mail();
    const visit = this.visit(before.bookingId);
    if (!mail || !visit) return;
    const schedule = this.schedule();
    const moved = kind === "moved" ? slotInstant(schedule, visit) : null;
    const estate = composeEstateChange(
      kind,
      {
        id: visit.bookingId,
        name: visit.name,
        email: visit.email,
        language: visit.language,
        package: visit.package,
        guests: visit.guests,
        from: slotInstant(schedule, before),
        to: moved,
      },
      mail,
      this.now,
    );
    enqueueMail(this.db, estate, { type: bookingType, id: visit.bookingId }, new Date().toISOString());
  }

  /**
   * Runs a change as one write transaction (`BEGIN IMMEDIATE`), waiting out another process's lock
   * from timers (../db/availability.ts), then sends what it queued. Whatever the change freed goes
   * to the waitlist in the same transaction. `work` may end it without writing anything by
   * throwing an `Abort`, whose value is then the answer.
   */
  async change<T>(work: () => T): Promise<T> {
    this.version += 1;
    try {
      const result = await whenWritable(() =>
        this.db
          .transaction(() => {
            const done = work();
            this.offerFreedPlaces();
            return done;
          })
          .immediate(),
      );
      this.options.kick();
      this.options.afterChange?.();
      return result;
    } catch (error) {
      if (error instanceof Abort) return error.value as T;
      throw error;
    } finally {
      this.version += 1;
    }
  }

  /** Whether a booking can still be changed online (before its slot's cut-off). */
  changeable(visit: SlotBooking): boolean {
    const schedule = this.schedule();
    return (visit.status === "pending" || visit.status === "confirmed") && beforeCutoff(schedule, visit, this.now);
  }

  /** How many more times a visitor may move a booking through the private link in the next 24 hours. */
  movesLeft(id: string): number {
    const since = new Date(this.now.getTime() - 86_400_000);
    return Math.max(0, visitorMovesPerDay - auditCountSince(this.db, auditActions.slotMovedByVisitor, { type: bookingType, id }, since));
  }

  /**
   * The visitor moves their booking to another slot of its package: places checked, the move
   * recorded in the booking's history, the visitor and the estate told. At most
   * `visitorMovesPerDay` moves in 24 hours ("limit").
   */
  moveByVisitor(id: string, to: Slot): Promise<"moved" | "late" | "limit" | SlotRefused> {
    return this.change(() => {
      const visit = this.ledger.byId(id);
      if (!visit || !this.changeable(visit)) return "late" as const;
      if (this.movesLeft(id) === 0) return "limit" as const;
      try {
        this.ledger.check(this.schedule(), to, visit.guests, this.now, { except: id, private: visit.private });
      } catch (error) {
        if (error instanceof SlotRefused) return error;
        throw error;
      }
      this.ledger.move(id, to, this.now);
      recordAudit(
        this.db,
        {
          actor: visitorActor,
          action: auditActions.slotMovedByVisitor,
          target: { type: bookingType, id },
          detail: { from: `${visit.date} ${visit.time}`, to: `${to.date} ${to.time}` },
        },
        this.now,
      );
      this.tell("moved", id);
      this.tellEstate("moved", visit);
      return "moved" as const;
    });
  }

  /** The visitor cancels: the places return, the cancellation is in the booking's history, the visitor and the estate are told. */
  cancelByVisitor(id: string): Promise<"cancelled" | "late"> {
    return this.change(() => {
      const visit = this.ledger.byId(id);
      if (!visit || !this.changeable(visit)) return "late" as const;
      this.setStatus(id, ["pending", "confirmed"], "cancelled");
      recordAudit(
        this.db,
        {
          actor: visitorActor,
          action: auditActions.slotCancelledByVisitor,
          target: { type: bookingType, id },
          detail: { slot: `${visit.date} ${visit.time}` },
        },
        this.now,
      );
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
  staffAction(
    id: string,
    action: "confirm" | "decline" | "undo" | "cancel",
    options: { override: boolean; record: (detail: Record<string, unknown>) => void },
  ): Promise<"done" | "full" | "stale"> {
    return this.change(() => {
      const visit = this.ledger.byId(id);
      if (!visit) return "stale" as const;
      const schedule = this.schedule();
      if (action === "confirm" || action === "undo") {
        const from: SlotStatus[] = action === "confirm" ? ["pending"] : ["declined"];
        if (!from.includes(visit.status)) return "stale" as const;
        const free = this.ledger.placesLeft(schedule, visit, this.now, id) >= visit.guests;
        if (!free && !options.override) return "full" as const;
        this.setStatus(id, from, "confirmed");
        options.record({ slot: `${visit.date} ${visit.time}`, overbooked: !free });
        this.tell("confirmed", id);
        return "done" as const;
      }
      if (!this.setStatus(id, ["pending", "confirmed"], action === "decline" ? "declined" : "cancelled")) return "stale" as const;
      options.record({ slot: `${visit.date} ${visit.time}` });
      this.tell(action === "decline" ? "declined" : "cancelled", id);
      return "done" as const;
    });
  }

  /**
   * The times of one day a booking could be placed at, for the staff: its package's slots on the
   * schedule that have not started (the visitors' cut-off does not bind the estate) and are within
   * the horizon, each with the places left not counting the booking's own, the booking's own time
   * left out.
   */
  staffMoveOptions(visit: { bookingId: string; package: TourPackageId; date: string; time: string }, day: string, schedule = this.schedule()): OpenSlot[] {
    const now = this.now;
    if (!withinHorizon(schedule, day, now, visit.package)) return [];
    return slotsBetween(schedule, visit.package, day, day)
      .filter((slot) => slotInstant(schedule, slot).getTime() > now.getTime() && !(slot.date === visit.date && slot.time === visit.time))
      .map((slot) => ({ ...slot, capacity: capacityOf(schedule, slot), placesLeft: this.ledger.placesLeft(schedule, slot, now, visit.bookingId) }));
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
        this.ledger.check(this.schedule(), to, visit.guests, this.now, { except: id, byStaff: true, private: visit.private });
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
   * The staff confirm a request that came without a time into one of its package's times, in one
   * write transaction: its places taken (refused without room, unless an admin places it over the
   * places with a reason), the inbox's status, its waitlist line ended, the visitor's confirmation
   * with the private link and the calendar file (Paris time), and the audit entry. "stale" when
   * the request was answered meanwhile or already has a time.
   */
  confirmRequest(id: string, slot: Slot, staff: { actor: string; overCapacity: boolean; reason: string }): Promise<"done" | "stale" | SlotRefused> {
    return this.change(() => {
      const visitor = visitorOf(this.db, id);
      if (!visitor || visitor.package !== slot.package || this.ledger.byId(id)) return "stale" as const;
      const now = this.now;
      if (!changeStatus(this.db, bookingType, id, ["new"], "confirmed", now)) return "stale" as const;
      const schedule = this.schedule();
      const guests = visitor.guests ?? 1;
      const free = hasSlot(schedule, slot) && this.ledger.placesLeft(schedule, slot, now) >= guests;
      try {
        this.ledger.check(schedule, slot, guests, now, { byStaff: true, overCapacity: staff.overCapacity });
      } catch (error) {
        // The status change above is rolled back with the transaction.
        if (error instanceof SlotRefused) throw new Abort(error);
        throw error;
      }
      this.ledger.hold({ id, slot, guests, zone: schedule.zone, confirmed: true, holdUntil: now, now, source: "visitor" });
      this.waitlist.endFor(id, now);
      const local = `${slot.date} ${slot.time}`;
      recordAudit(
        this.db,
        { actor: staff.actor, action: auditActions.bookingConfirmed, target: { type: bookingType, id }, detail: { local, slot: local } },
        now,
      );
      if (!free)
        recordAudit(
          this.db,
          {
            actor: staff.actor,
            action: auditActions.slotOverbooked,
            target: { type: bookingType, id },
            detail: { slot: local, overbooked: true, reason: staff.reason },
          },
          now,
        );
      this.tell("confirmed", id);
      return "done" as const;
    });
  }

  /** The day's check-in of a confirmed booking: arrived, absent (a no-show), or cleared; kept in its history. */
  markAttendance(id: string, attendance: Attendance | null, actor: string): Promise<"done" | "stale"> {
    return this.change(() => {
      const now = this.now;
      if (!setAttendance(this.db, id, attendance, now)) return "stale" as const;
      const action =
        attendance === "arrived" ? auditActions.slotArrived : attendance === "no-show" ? auditActions.slotNoShow : auditActions.slotAttendanceCleared;
      recordAudit(this.db, { actor, action, target: { type: bookingType, id } }, now);
      return "done" as const;
    });
  }

  /** Whether a booking's places are free for it again at its own time (a deposit paid just as its hold lapsed); call inside a change. */
  placesFreeFor(visit: SlotBooking): boolean {
    try {
      this.ledger.check(this.schedule(), visit, visit.guests, this.now, { except: visit.bookingId, byStaff: true, private: visit.private });
      return true;
    } catch (error) {
      if (error instanceof SlotRefused) return false;
      throw error;
    }
  }

  /** People who count towards a package's minimum at a time: confirmed groups and those waiting for it. */
  peopleTowardsMinimum(slot: Slot): number {
    return peopleTowardsMinimum(this.db, slot, this.now);
  }

  /** How often the person behind an address came and did not come (checked in, marked absent). */
  attendanceOf(email: string) {
    return attendanceOf(this.db, email);
  }

  /** Every booking holding places from `from` to `to`, with what the staff need of each. */
  heldBookings(from: string, to: string): HeldBooking[] {
    return heldBookingsBetween(this.db, from, to, this.now);
  }

  /**
   * The days from `from` to `to` as the staff run them: each day's scheduled times and every time
   * that has bookings (those off the schedule marked so), with places and bookings (./day-view.ts).
   */
  days(from: string, to: string): DayView[] {
    const now = this.now;
    return dayViews(this.schedule(), from, to, this.heldBookings(from, to), placesHeldBetween(this.db, from, to, now));
  }

  /**
   * The bookings a schedule change would touch: each future booking holding places whose slot the
   * change takes off the schedule (a closed day, a time removed for the week or that date), or
   * whose time's capacity it lowers below the places booked there. Bookings already off the
   * schedule or over capacity before the change are not touched again. Each comes with the times
   * it could move to under the new schedule (its own day and the week after).
   */
  affectedBy(change: ScheduleChange): Affected[] {
    const now = this.now;
    const current = this.schedule();
    const next = proposedSchedule(current, change);
    const today = localOf(now).date;
    const affected: Affected[] = [];
    const over = (schedule: Schedule, slot: Slot) => this.ledger.taken(schedule, slot, now) > capacityOf(schedule, slot);
    for (const booking of this.heldBookings(today, "9999-12-31")) {
      if (slotInstant(current, booking).getTime() <= now.getTime()) continue;
      const wasOn = hasSlot(current, booking);
      const isOn = hasSlot(next, booking);
      const reason: AffectReason | null =
        wasOn && !isOn
          ? isClosed(next, booking.date)
            ? "closed"
            : "removed"
          : isOn && over(next, booking) && !(wasOn && over(current, booking))
            ? "capacity"
            : null;
      if (!reason) continue;
      const moveOptions = Array.from({ length: 8 }, (_, i) => addDays(booking.date, i))
        .flatMap((day) => this.staffMoveOptions(booking, day, next))
        .filter((slot) => slot.placesLeft >= booking.guests)
        .slice(0, 12);
      affected.push({ booking, reason, moveOptions });
    }
    return affected;
  }

  /**
   * Applies a schedule change and settles every booking it touches as the staff chose, in one
   * write transaction: each kept (its tour still runs for it at its own time, marked off the
   * schedule), moved (places counted under the new schedule, the visitor's e-mail with the same
   * UID and a higher SEQUENCE) or cancelled (the visitor's e-mail, `METHOD:CANCEL`), each choice
   * in the booking's history and the change with all of them in the audit log. "stale" with the
   * touched bookings when one of them has no choice (a booking made after the warning was shown):
   * nothing is changed silently. Throws `MoveRefused` when a chosen time has no room left.
   */
  async applyScheduleChange(
    change: ScheduleChange,
    decisions: ReadonlyMap<string, Decision>,
    actor: string,
  ): Promise<{ done: true; id: number | null } | { done: false; affected: Affected[] }> {
    try {
      return await this.change(() => {
        const now = this.now;
        const affected = this.affectedBy(change);
        if (affected.some((one) => !decisions.has(one.booking.bookingId))) return { done: false as const, affected };
        const id = writeScheduleChange(this.db, change, now);
        this.cached = null;
        const schedule = this.schedule();
        const settled: Record<string, unknown>[] = [];
        for (const { booking, reason } of affected) {
          const decision = decisions.get(booking.bookingId)!;
          const target = { type: bookingType, id: booking.bookingId };
          const slot = `${booking.date} ${booking.time}`;
          if (decision.action === "move") {
            const to = { package: booking.package, ...decision.to };
            try {
              this.ledger.check(schedule, to, booking.guests, now, { except: booking.bookingId, byStaff: true });
            } catch (error) {
              if (error instanceof SlotRefused) throw new MoveRefused(booking, to, error);
              throw error;
            }
            this.ledger.move(booking.bookingId, to, now);
            const moved = `${to.date} ${to.time}`;
            recordAudit(this.db, { actor, action: auditActions.slotMoved, target, detail: { from: slot, to: moved, reason: `schedule-${reason}` } }, now);
            this.tell("moved", booking.bookingId);
            settled.push({ booking: booking.bookingId, decision: "move", from: slot, to: moved });
          } else if (decision.action === "cancel") {
            this.setStatus(booking.bookingId, ["pending", "confirmed"], "cancelled");
            recordAudit(this.db, { actor, action: auditActions.slotCancelled, target, detail: { slot, reason: `schedule-${reason}` } }, now);
            this.tell("cancelled", booking.bookingId);
            settled.push({ booking: booking.bookingId, decision: "cancel", slot });
          } else {
            recordAudit(this.db, { actor, action: auditActions.slotKept, target, detail: { slot, reason: `schedule-${reason}` } }, now);
            settled.push({ booking: booking.bookingId, decision: "keep", slot });
          }
        }
        recordAudit(
          this.db,
          {
            actor,
            action: changeAction[change.kind],
            target: { type: "schedule", id: "tours" },
            detail: { ...changeDetail(change), ...(id !== null ? { id } : {}), bookings: settled },
          },
          now,
        );
        return { done: true as const, id };
      });
    } finally {
      // Read again whether the change was written or rolled back.
      this.scheduleChanged();
    }
  }

  /**
   * Puts a new request in line for a full slot; call inside the submission's transaction, after
   * its row is written. Throws `WaitlistFull` when the people already in line reach
   * `waitlistFactor` times the slot's capacity.
   */
  joinWaitlist(booking: { id: string; slot: Slot; guests: number }): void {
    this.version += 1;
    const schedule = this.schedule();
    if (this.waitlist.peopleInLine(booking.slot) + booking.guests > waitlistFactor * capacityOf(schedule, booking.slot)) throw new WaitlistFull();
    this.waitlist.join({ bookingId: booking.id, slot: booking.slot, guests: booking.guests, now: this.now });
  }

  /**
   * Offers freed places to the waitlist, inside the current write transaction: each one waiting,
   * first in line first, whose group fits in the places now free of their slot is offered them,
   * held until the waitlist hold ends (never past the visitors' cut-off), with the offer's e-mail
   * queued in the same transaction. A slot past its cut-off, or off the schedule, ends its waitlist.
   */
  private offerFreedPlaces(): void {
    const schedule = this.schedule();
    const now = this.now;
    for (const lapsed of this.waitlist.lapsedOffers(now)) this.waitlist.setStatus(lapsed.id, "offered", "lapsed", now);
    for (const entry of this.waitlist.waiting()) {
      const cutoff = slotInstant(schedule, entry).getTime() - cutoffOf(schedule, entry.package) * 3_600_000;
      if (!hasSlot(schedule, entry) || cutoff <= now.getTime()) {
        this.waitlist.setStatus(entry.id, "waiting", "gone", now);
        continue;
      }
      if (this.ledger.placesLeft(schedule, entry, now) < entry.guests) continue;
      const until = new Date(Math.min(now.getTime() + schedule.waitlistHoldHours * 3_600_000, cutoff));
      this.waitlist.setStatus(entry.id, "waiting", "offered", now, until);
      this.version += 1;
      this.tellOffer(entry.bookingId, entry, until);
    }
  }

  /** Queues the offer's e-mail to the one in line. */
  private tellOffer(bookingId: string, entry: WaitlistEntry, until: Date): void {
    const mail = this.options.mail();
    const visitor = visitorOf(this.db, bookingId);
    if (!mail || !visitor) return;
    const language = isLanguage(visitor.language) ? visitor.language : defaultLanguage;
    const schedule = this.schedule();
    const offer = composeWaitlistOffer(this.waitlistForMail(bookingId, entry, visitor, language), localOf(until), {
      ...mail,
      cutoffHours: schedule.cutoffHours,
      holdHours: schedule.holdHours,
    });
    enqueueMail(this.db, offer, { type: bookingType, id: bookingId }, new Date().toISOString());
    // The estate is told of the offer too.
    const notice = composeEstateChange(
      "offered",
      {
        id: bookingId,
        name: visitor.name,
        email: visitor.email,
        language,
        package: entry.package,
        guests: entry.guests,
        from: slotInstant(schedule, entry),
        to: null,
        until,
      },
      mail,
      this.now,
    );
    enqueueMail(this.db, notice, { type: bookingType, id: bookingId }, new Date().toISOString());
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
      this.ledger.hold({
        id: entry.bookingId,
        slot: entry,
        guests: entry.guests,
        zone: schedule.zone,
        confirmed,
        holdUntil: Ledger.holdEnd(schedule, entry, now),
        now,
        source: "visitor",
      });
      if (confirmed) changeStatus(this.db, bookingType, entry.bookingId, ["new"], "confirmed", now);
      this.tell("booked", entry.bookingId);
      this.tellOfferTaken(entry, confirmed);
      return "booked" as const;
    });
  }

  /** The e-mail telling a visitor who just joined a waitlist which time they wait for and how to leave; call inside that transaction. */
  waitlistJoinedMail(bookingId: string) {
    const mail = this.options.mail();
    const entry = this.waitlist.byBooking(bookingId);
    const visitor = visitorOf(this.db, bookingId);
    if (!mail || !entry || !visitor || visitor.email === "") return null;
    const language = isLanguage(visitor.language) ? visitor.language : defaultLanguage;
    const schedule = this.schedule();
    return composeWaitlistJoined(this.waitlistForMail(bookingId, entry, visitor, language), {
      ...mail,
      cutoffHours: schedule.cutoffHours,
      holdHours: schedule.holdHours,
      waitlistHoldHours: schedule.waitlistHoldHours,
    });
  }

  /** Queues the estate's e-mail telling that the first in line took the places offered. */
  private tellOfferTaken(entry: WaitlistEntry, confirmed: boolean): void {
    const mail = this.options.mail();
    const visitor = visitorOf(this.db, entry.bookingId);
    if (!mail || !visitor) return;
    const when = slotInstant(this.schedule(), entry);
    const notice = composeEstateChange(
      confirmed ? "takenConfirmed" : "takenPending",
      {
        id: entry.bookingId,
        name: visitor.name,
        email: visitor.email,
        language: visitor.language,
        package: entry.package,
        guests: entry.guests,
        from: when,
        to: null,
      },
      mail,
      this.now,
    );
    enqueueMail(this.db, notice, { type: bookingType, id: entry.bookingId }, new Date().toISOString());
  }

  /**
   * The visitor leaves a waitlist through the link of its e-mails (waiting, or with an offer not
   * taken yet, whose places go to the next in line in the same transaction). "gone" when the line
   * no longer waits.
   */
  leaveWaitlist(token: string): Promise<"left" | "gone"> {
    return this.change(() => {
      const entry = this.waitlist.byToken(token);
      const now = this.now;
      if (!entry || (entry.status !== "waiting" && entry.status !== "offered")) return "gone" as const;
      this.waitlist.setStatus(entry.id, entry.status, "gone", now);
      changeStatus(this.db, bookingType, entry.bookingId, ["new"], "cancelled", now);
      return "left" as const;
    });
  }

  /**
   * Once enough people booked a package's time for its tour to run, confirms every group waiting
   * for that minimum (each told); call inside the write transaction that brought the new people.
   */
  settleMinimum(slot: Slot): void {
    const minimum = this.schedule().rules[slot.package].minGuests;
    if (minimum <= 1 || this.peopleTowardsMinimum(slot) < minimum) return;
    for (const id of waitingForMinimum(this.db, slot, this.now)) if (this.setStatus(id, ["pending"], "confirmed")) this.tell("confirmed", id);
  }

  /** Changes a booking's status and the inbox's with it; false when it was not in one of `from`. */
  setStatus(id: string, from: readonly SlotStatus[], to: SlotStatus, holdUntil: Date | null = null): boolean {
    if (!this.ledger.setStatus(id, from, to, this.now, holdUntil)) return false;
    // A booking that no longer takes place gives back its voucher, and its deposit is refunded.
    if (to === "cancelled" || to === "declined" || to === "expired") releaseExtras(this.db, id, this.now);
    const inbox = to === "pending" ? "new" : to === "expired" ? "declined" : to;
    changeStatus(this.db, bookingType, id, statusesOf(bookingType), inbox, this.now);
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
      const due = remindersNotQueued(
        this.db,
        localOf(new Date(now.getTime() - 86_400_000)).date,
        localOf(new Date(now.getTime() + (schedule.reminderHours + 24) * 3_600_000)).date,
      );
      let count = 0;
      for (const booking of due) {
        const start = slotInstant(schedule, booking).getTime();
        if (start <= now.getTime() || start - schedule.reminderHours * 3_600_000 > now.getTime()) continue;
        if (!markReminderQueued(this.db, booking.bookingId, now)) continue;
        this.tell("reminder", booking.bookingId);
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

/** The audit log's action for each kind of schedule change. */
const changeAction = {
  settings: auditActions.scheduleChanged,
  "closure-add": auditActions.closureAdded,
  "closure-remove": auditActions.closureRemoved,
  "date-add": auditActions.dateChangeAdded,
  "date-remove": auditActions.dateChangeRemoved,
} as const satisfies Record<ScheduleChange["kind"], string>;

/** What the audit log keeps of a schedule change. */
function changeDetail(change: ScheduleChange): Record<string, unknown> {
  switch (change.kind) {
    case "settings":
      return { ...change.settings };
    case "closure-add":
      return { ...change.closure };
    case "date-add":
      return { ...change.change };
    case "closure-remove":
    case "date-remove":
      return { id: change.id };
  }
}
