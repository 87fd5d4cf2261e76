/**
 * Scheduled publishing. An item of the content may say when it goes on the site and when it comes
 * off (`publishAt`, `unpublishAt`: content/schemas/publishing.ts); a build leaves it out outside that
 * time. The schedule keeps each future moment in the database (server/db/content-schedule.ts:
 * written when the item is saved, and for every item at start-up; those of its draft and of its
 * published version), and at each moment asks the publisher to publish that item, and only that
 * item, as its draft stands then (the staff's other drafts stay drafts), recorded like any other
 * publish (`publish_jobs`). The site follows the schedule across restarts: a moment passed while
 * the server was stopped is published at start, and so is one whose publish the server's stop cut
 * short (a crash, a deploy), which the staff pages then say.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AdminLanguage } from "#locales/admin";
import type { MomentTable, ScheduledMoment } from "../../db/content-schedule";
import type { ScheduleAlertView } from "../shared/view-context";
import { itemTitle } from "./labels";
import { itemFile, itemKey, itemOfKey, publishedValue } from "./items";
import type { PublishedContent } from "./published";
import { scheduleRequester, type Publisher, type PublishJob } from "./publisher";
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
      /** Where the moments are kept (server/db/content-schedule.ts). */
      moments: MomentTable;
      repository: ContentRepository;
      published: PublishedContent;
      publisher: Publisher;
      now: () => Date;
      /** The longest wait between two looks at the table (the clock may move, as in tests). */
      checkMs: number;
      log: { info(object: object, message: string): void; warn(object: object, message: string): void };
    },
  ) {}

  /**
   * An item was saved (or deleted: `value` null): the future moments of its draft and of its
   * published version are kept, and a waiting one neither names any more is dropped. A moment
   * already past when it was typed is not published for: the item is on (or off) the site with
   * its next publish anyway.
   */
  async itemChanged(type: ContentType, item: string, value: unknown): Promise<void> {
    if (!scheduledTypes.includes(type)) return;
    const live = await publishedValue(this.options.published, { type, id: item }).catch(() => undefined);
    const named = [...momentsOf(type, item, value), ...momentsOf(type, item, live)];
    const at = this.options.now().getTime();
    this.options.moments.replace(
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
    const { repository, published, moments: table, now } = this.options;
    const items: { type: string; item: string }[] = [];
    const moments: ScheduledMoment[] = [];
    const current = await published.current().catch(() => null);
    const files = current ? await published.files(current.commit) : undefined;
    // Every file at once: a few turns of the event loop, not one per file, however busy the server is.
    const read = await Promise.all(
      scheduledTypes.map(async (type) => ({
        type,
        stored: await Promise.all(
          (await repository.ids(type)).map(async (id) => ({
            id,
            value: (await repository.read(type, id))?.value,
            live: files ? await publishedValue(published, { type, id }, files) : undefined,
          })),
        ),
      })),
    );
    for (const { type, stored } of read) {
      for (const { id, value, live } of stored) {
        items.push({ type: type.id, item: id });
        moments.push(...momentsOf(type, id, value), ...momentsOf(type, id, live));
      }
    }
    const at = now().getTime();
    table.replace(
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
    return this.options.moments.waiting();
  }

  /** The staff have seen the alerts of moments cut short or failed: the staff pages stop showing them. */
  alertsSeen(at: Date): void {
    this.options.moments.closeAlerts(at.toISOString());
  }

  private wake(): void {
    if (!this.stopped) this.check();
  }

  /** Publishes the items of every moment due, once, then sleeps until the next moment or the check interval. */
  private check(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const { moments, publisher, now, checkMs, log } = this.options;
    try {
      const at = now();
      const due = moments.due(at.toISOString());
      const items = [
        ...new Set(
          due.flatMap((moment) => {
            const item = itemOfKey(`${moment.type}/${moment.item}`);
            return item ? [itemKey(item)] : [];
          }),
        ),
      ];
      if (due.length > 0) {
        const started = at.toISOString();
        // Claimed before the publish is asked for: a server killed between the two (a busy machine
        // can pause it there) finds the moments cut short at its next start, runs them and says so.
        moments.claim(due, started);
        let job: PublishJob;
        try {
          job = publisher.request(scheduleRequester, { items });
        } catch (error) {
          moments.release(due, started);
          throw error;
        }
        moments.markStarted(due, started, job.id);
        log.info({ job: job.id, moments: due }, "content: a scheduled moment came, publishing");
      }
      const next = moments.next();
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

/**
 * The alerts of scheduled publishes cut short or failed (server/db/content-schedule.ts), with each
 * item's title in the staff member's language, read from its draft (the item may not be online).
 */
export function scheduleAlertViews(moments: MomentTable, contentDir: string, lang: AdminLanguage): ScheduleAlertView[] {
  return moments.alerts().map((alert) => {
    const item = itemOfKey(`${alert.type}/${alert.item}`);
    let value: unknown;
    try {
      value = item ? (JSON.parse(readFileSync(join(contentDir, itemFile(item)), "utf8")) as unknown) : undefined;
    } catch {
      value = undefined;
    }
    return { ...alert, title: item ? itemTitle({ lang }, item.type, item.id, value) : alert.item };
  });
}
