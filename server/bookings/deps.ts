/**
 * What every use-case of the bookings is handed, made once by the bookings plugin
 * (server/plugins/bookings.ts): the connection for reads, the one way to write (a function run as
 * one transaction of the server's group commit), the clock, the content, the schedule as last
 * saved, what mails are composed with, and the payment provider. A use-case takes these as its
 * first argument and keeps nothing between calls.
 */
import type { ContentStore } from "../content-store";
import type { Db } from "../db/database";
import type { MailContext } from "../mail/compose";
import type { ReplyContext } from "../mail/booking-reply";
import type { OpenSlot } from "./ledger";
import type { PaymentProvider } from "./payments";
import { readSchedule, type Schedule } from "./schedule";

/** Writes: `work` runs as one transaction (a savepoint of the group commit) and resolves once on disk; what it throws rolls it back. */
interface Commits {
  run<T>(work: (tx: Db) => T): Promise<T>;
}

/** What the bookings' e-mails are composed with: the estate and the site, the zone and a visit's length. */
export type BookingMailContext = MailContext & Pick<ReplyContext, "timeZone" | "durationMinutes">;

export interface Bookings {
  /** The server's connection, for the read side (a write goes through `commits`). */
  db: Db;
  commits: Commits;
  /** The bookings' clock (tests hold it still or move it on). */
  now: () => Date;
  /** The content the mails and pages name tours from, as the live site says it (../content-store.ts). */
  content: ContentStore;
  schedule: ScheduleSource;
  /** The availability answers remembered for a second (./availability.ts). */
  availability: AvailabilityCache;
  /** The e-mails' context, or null without SMTP_URL: then no visitor's or estate's e-mail is queued. */
  mail: () => BookingMailContext | null;
  /** The estate as a staff answer names it: a staff answer is queued with or without SMTP_URL, as every staff reply is. */
  estate: () => ReplyContext;
  /** The payment provider, or null without its keys: no deposit is asked then. */
  payments: PaymentProvider | null;
  log: { warn: (object: object, message: string) => void };
}

/** The schedule, read once and again after the estate changes it (every change of it calls `changed`). */
export class ScheduleSource {
  private cached: Schedule | null = null;

  constructor(
    private readonly db: Db,
    /** Told when the schedule changed (the remembered availability answers are dropped). */
    private readonly onChange: () => void,
  ) {}

  current(): Schedule {
    return (this.cached ??= readSchedule(this.db));
  }

  /** The estate saved a change (or a change was rolled back): read it again. */
  changed(): void {
    this.cached = null;
    this.onChange();
  }
}

interface Answer {
  version: number;
  at: number;
  slots: OpenSlot[];
  json?: string;
}

/**
 * The availability answers remembered for a second (./availability.ts), dropped at once by `forget`
 * (every commit, every schedule change).
 */
export class AvailabilityCache {
  private version = 0;
  private readonly answers = new Map<string, Answer>();

  forget(): void {
    this.version += 1;
  }

  /** The remembered answer to `key` if fresh (same version, under a second old), else `compute`'s, remembered. */
  answer(key: string, now: number, compute: () => OpenSlot[]): Answer {
    const known = this.answers.get(key);
    if (known && known.version === this.version && Math.abs(now - known.at) < 1000) return known;
    const fresh: Answer = { version: this.version, at: now, slots: compute() };
    if (this.answers.size >= 1000) this.answers.clear();
    this.answers.set(key, fresh);
    return fresh;
  }
}
