/**
 * Scheduled publishing. An item of the content may say when it goes on the site and when it comes
 * off (`publishAt`, `unpublishAt`: content/schemas/publishing.ts); a build leaves it out outside that
 * time. The schedule keeps each future moment in the database (server/db/content-schedule.ts:
 * written when the item is saved, and for every item at start-up), and at each moment asks the
 * publisher for a publish, recorded like any other (`publish_jobs`), so the site follows the
 * schedule, across restarts: a moment passed while the server was stopped is published at start.
 */
import { dueMoments, markMomentsStarted, nextMoment, replaceScheduledMoments, waitingMoments, type ScheduledMoment } from "../../db/content-schedule";
import type { Db } from "../../db/database";
import { scheduleRequester, type Publisher } from "./publisher";
import type { ContentRepository } from "./repository";
import { contentTypes, type ContentType } from "./types";

/** The types whose items carry a schedule (a collection with `publishAt` in its schema). */
const scheduledTypes: readonly ContentType[] = contentTypes.filter((type) => type.where.kind === "collection" && type.scheduled === true);

/** The moments one item's value names (all of them, past ones too). */
function momentsOf(type: ContentType, item: string, value: unknown): ScheduledMoment[] {
  if (!value || typeof value !== "object") return [];
  const record = value as { publishAt?: unknown; unpublishAt?: unknown };
  const moments: ScheduledMoment[] = [];
  for (const [action, at] of [
    ["publish", record.publishAt],
    ["unpublish", record.unpublishAt],
  ] as const) {
    if (typeof at !== "string") continue;
    const time = Date.parse(at);
    if (Number.isFinite(time)) moments.push({ runAt: new Date(time).toISOString(), type: type.id, item, action });
  }
  return moments;
}

export class ContentSchedule {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(
    private readonly options: {
      db: Db;
      repository: ContentRepository;
      publisher: Publisher;
      now: () => Date;
      /** The longest wait between two looks at the table (the clock may move, as in tests). */
      checkMs: number;
      log: { info(object: object, message: string): void; warn(object: object, message: string): void };
    },
  ) {}

  /**
   * An item was saved (or deleted: `value` null): its future moments are kept, and a waiting one
   * it no longer names is dropped. A moment already past when it was typed is not published for:
   * the item is on (or off) the site with the next publish anyway.
   */
  itemChanged(type: ContentType, item: string, value: unknown): void {
    if (!scheduledTypes.includes(type)) return;
    const named = momentsOf(type, item, value);
    const at = this.options.now().getTime();
    replaceScheduledMoments(
      this.options.db,
      [{ type: type.id, item }],
      named,
      named.filter((moment) => Date.parse(moment.runAt) > at),
    );
    this.wake();
  }

  /**
   * Reads every scheduled type's items (content changed by hand, or pulled from elsewhere, counts
   * too): their future moments are added, a waiting moment no item names any more is dropped, and
   * one that passed while the server was stopped stays, to be published for now.
   */
  async readAll(): Promise<void> {
    const { repository, db, now } = this.options;
    const items: { type: string; item: string }[] = [];
    const moments: ScheduledMoment[] = [];
    // Every file at once: a few turns of the event loop, not one per file, however busy the server is.
    const read = await Promise.all(
      scheduledTypes.map(async (type) => ({
        type,
        stored: await Promise.all((await repository.ids(type)).map(async (id) => ({ id, value: (await repository.read(type, id))?.value }))),
      })),
    );
    for (const { type, stored } of read) {
      for (const { id, value } of stored) {
        items.push({ type: type.id, item: id });
        moments.push(...momentsOf(type, id, value));
      }
    }
    const at = now().getTime();
    replaceScheduledMoments(
      db,
      items,
      moments,
      moments.filter((moment) => Date.parse(moment.runAt) > at),
    );
  }

  /** Starts: reads the content, publishes for any moment already due, then waits for the next. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.readAll();
    // Stopped while it read (the server closing): nothing more.
    if (!this.stopped) this.check();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** The moments still to come, soonest first. */
  waiting(): ScheduledMoment[] {
    return waitingMoments(this.options.db);
  }

  private wake(): void {
    if (!this.stopped) this.check();
  }

  /** Publishes once for every moment due, then sleeps until the next moment or the check interval. */
  private check(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const { db, publisher, now, checkMs, log } = this.options;
    try {
      const at = now();
      const due = dueMoments(db, at.toISOString());
      if (due.length > 0) {
        const job = publisher.request(scheduleRequester);
        markMomentsStarted(db, due, at.toISOString(), job.id);
        log.info({ job: job.id, moments: due }, "content: a scheduled moment came, publishing");
      }
      const next = nextMoment(db);
      const wait = next === null ? checkMs : Math.min(checkMs, Math.max(0, Date.parse(next) - now().getTime()));
      this.timer = setTimeout(() => this.check(), wait);
    } catch (error) {
      // The database is busy (another process's lock): look again later; the moment is still there.
      log.warn({ error: (error as Error).message }, "content: the schedule could not be read; trying again");
      this.timer = setTimeout(() => this.check(), checkMs);
    }
    this.timer.unref();
  }
}
