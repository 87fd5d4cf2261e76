/**
 * Sending an issue of the newsletter to every confirmed subscriber, through the outbox, at the pace
 * the SMTP relay takes. The dispatcher queues the issue a batch at a time (each subscriber's
 * e-mail and delivery row in one transaction, server/db/newsletter.ts), and no faster than
 * `NEWSLETTER_RATE_PER_MINUTE`, nor while the relay is behind (the newsletter's e-mails still
 * waiting in the outbox); it goes to the subscribers of the languages it is sent in (those it is
 * written in, every one when it has an English version); the outbox sender sends them as it sends every e-mail (retries, a relay
 * that is down, a shutdown that records what the relay had). An issue being sent when the server
 * stops goes on at the next start with whoever has not been queued yet: no one gets it twice.
 */
import type { NewsletterIssue, NewsletterTable, Recipient } from "../../db/newsletter";
import type { OutgoingMail } from "#core/mail";
import type { Language } from "#core/languages";

export interface DispatchOptions {
  table: NewsletterTable;
  /** An issue's e-mail to one subscriber, and the language it is in. */
  compose: (issue: NewsletterIssue, recipient: Recipient) => { language: string; mail: OutgoingMail };
  /** New e-mails are in the outbox: send them soon. */
  kick: () => void;
  /** E-mails handed to the outbox per minute, at most (the relay's limit). */
  ratePerMinute: number;
  now: () => Date;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** How often the dispatcher looks (ms). */
  tickMs?: number;
  /** The most e-mails one look composes and queues before it lets the server answer requests again. */
  batchSize?: number;
  /**
   * Whose turn it is to queue, between instances on one PostgreSQL database (../../db/leases.ts):
   * one of them queues an issue, the others look and wait; without it (one server), this one.
   */
  turn?: { take(): boolean; giveBack(): void };
}

/**
 * E-mails composed and queued in one go, at most: each is an HTML e-mail rendered on the server's
 * one thread, so a fast relay's allowance (two seconds' worth: 1,000 at 30,000 a minute) is queued
 * in batches with the server free between them, not in seconds of a blocked event loop (a start-up
 * that took up a large issue did not listen within Fastify's ten seconds on a busy machine).
 */
const defaultBatchSize = 25;

export class NewsletterDispatch {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  /** E-mails it may still queue now (a bucket filled at the rate, holding at most two seconds' worth). */
  private allowance = 0;
  private last = 0;
  /** The last look stopped at its batch's size with more allowed: the next one comes at once. */
  private more = false;

  constructor(private readonly options: DispatchOptions) {}

  /** Starts (or resumes, after a restart) sending whatever issue is being sent. */
  start(): void {
    this.stopped = false;
    this.last = this.options.now().getTime();
    this.allowance = this.burst;
    this.schedule(0);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    try {
      this.options.turn?.giveBack();
    } catch {
      // A database that cannot be written: the lease runs out instead.
    }
  }

  /** Starts sending a draft to the subscribers of `languages` (server/mail/newsletter.ts `audienceOf`); false when it is no draft any more. */
  send(issueId: number, by: string, languages: readonly Language[]): boolean {
    const started = this.options.table.startSending(issueId, by, this.options.now().toISOString(), languages);
    if (started) this.allowance = Math.max(this.allowance, this.burst);
    if (started && !this.stopped) this.schedule(0);
    return started;
  }

  private get perSecond(): number {
    return this.options.ratePerMinute / 60;
  }

  /** The most it queues at once: two seconds' worth, at least one. */
  private get burst(): number {
    return Math.max(1, this.perSecond * 2);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.look()) this.schedule(this.more ? 0 : (this.options.tickMs ?? 500));
    }, ms);
    this.timer.unref();
  }

  /**
   * One look: queues as many e-mails as the pace allows and the relay keeps up with; says whether
   * to look again (an issue is being sent).
   */
  look(): boolean {
    const { table, compose, kick, now, log } = this.options;
    const batch = this.options.batchSize ?? defaultBatchSize;
    this.more = false;
    try {
      const at = now().getTime();
      this.allowance = Math.min(this.burst, this.allowance + ((at - this.last) / 1000) * this.perSecond);
      this.last = at;
      const issues = table.sending();
      if (issues.length === 0) {
        // Nothing to send: another instance may take the next issue at once.
        this.options.turn?.giveBack();
        return false;
      }
      // Another instance is queueing it: this one looks again, and takes over if that one stops.
      if (this.options.turn && !this.options.turn.take()) return true;
      // The relay is behind: the e-mails already queued go first (it may be down: the sender pauses).
      const behind = table.unsent() >= Math.max(10, Math.ceil(this.perSecond * 4));
      const allowed = behind ? 0 : Math.floor(this.allowance);
      const room = Math.min(allowed, batch);
      for (const issue of issues) {
        if (room <= 0) break;
        const recipients = table.nextRecipients(issue.id, room);
        if (recipients.length === 0) {
          table.finish(issue.id, now().toISOString());
          log.info({ issue: issue.id, counts: table.counts(issue.id) }, "newsletter: every subscriber has the issue queued");
          continue;
        }
        const queued = table.queue(
          issue.id,
          recipients.map((recipient) => ({ recipient, ...compose(issue, recipient) })),
          now().toISOString(),
        );
        this.allowance -= recipients.length;
        this.more = allowed > batch;
        if (queued > 0) kick();
        // The last batch: the issue is sent (the outbox sends what it holds).
        if (table.nextRecipients(issue.id, 1).length === 0) {
          table.finish(issue.id, now().toISOString());
          log.info({ issue: issue.id, counts: table.counts(issue.id) }, "newsletter: every subscriber has the issue queued");
        }
        break;
      }
    } catch (error) {
      // The database is busy (another process's lock): the next look queues what this one could not.
      log.warn({ error: (error as Error).message }, "newsletter: a batch could not be queued; trying again");
    }
    return true;
  }
}
