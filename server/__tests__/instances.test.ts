/**
 * Two instances on one database, as two connections in this process: the outbox's e-mails are each
 * sent by one sender; on PostgreSQL (one SQLite file has one server), the periodic jobs run in one
 * instance at a time and the API's rate limits count a client's requests to both. Runs on SQLite (two connections to one file) and, in the "postgres" project
 * (vitest.config.ts), on one PostgreSQL database. The compiled server started twice on one
 * PostgreSQL database is server/__tests__/instances.integration.test.ts.
 */
import { spawnSync } from "node:child_process";
import { hostname } from "node:os";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/database";
import { momentTable } from "../db/content-schedule";
import { JobTurn } from "../db/leases";
import { NewsletterTable } from "../db/newsletter";
import { publishJobLease, publishJobTable, type PublishJobRecord } from "../db/publish-jobs";
import { enqueueMail, OutboxTable } from "../db/outbox";
import { NewsletterDispatch } from "../admin/newsletter/dispatch";
import { ContentSchedule } from "../admin/content/schedule";
import type { PublishJob } from "../admin/content/publisher";
import { composeConfirmation, composeNotification } from "../mail/compose";
import { OutboxSender, type MailTransport } from "../mail/sender";
import { buildTestServer, closedAfterEachTest, tempDataDir, testMailContext, validPayloads, waitFor } from "./support/fixtures";
import { onPostgres, openTestDatabase } from "./support/test-database";

const silent = { info() {}, warn() {}, error() {} };
const opened: Db[] = [];
afterEach(() => {
  opened.splice(0).forEach((db) => db.close());
});

/** A relay that answers each e-mail on the next turn of the event loop, and notes the Message-ID it was handed. */
class Relay implements MailTransport {
  readonly delivered: string[] = [];
  async sendMail(message: Parameters<MailTransport["sendMail"]>[0]): Promise<unknown> {
    message.handedOver?.();
    await new Promise((resolve) => setImmediate(resolve));
    this.delivered.push(message.messageId);
    return {};
  }
}

describe("two mail senders on one database", () => {
  it("send each queued e-mail once between them", async () => {
    const dataDir = tempDataDir();
    const one = openTestDatabase(dataDir);
    const two = openTestDatabase(dataDir);
    opened.push(one, two);
    const context = testMailContext("en", "https://site.example");
    const now = new Date().toISOString();
    const queued = 60;
    // Each to its own visitor (e-mails to one address go one after the other, in order).
    for (let i = 0; i < queued; i++)
      enqueueMail(
        one,
        composeConfirmation("en", `visitor-${i}@example.org`, { confirm: `c${i}`.padEnd(32, "c"), unsubscribe: `u${i}`.padEnd(32, "u") }, context),
        { type: "newsletter-signups", id: `id-${i}` },
        now,
      );
    const options = { from: "site@example.org", retryBaseMs: 1000, retryMaxMs: 1000, maxAttempts: 5, concurrency: 3, log: silent };
    const relays = [new Relay(), new Relay()];
    const tables = [new OutboxTable(one), new OutboxTable(two)];
    const senders = [new OutboxSender(tables[0]!, relays[0]!, options), new OutboxSender(tables[1]!, relays[1]!, options)];
    senders.forEach((sender) => sender.start());
    await waitFor(() => tables[0]!.unsentCount() === 0, "the outbox sent");
    await Promise.all(senders.map((sender) => sender.stop()));

    const delivered = relays.flatMap((relay) => relay.delivered);
    const messageIds = (one.prepare("SELECT message_id FROM outbox ORDER BY id").all() as { message_id: string }[]).map((row) => row.message_id);
    // Each e-mail reached a relay once, and both senders had their share.
    expect(delivered.toSorted()).toEqual(messageIds.map((id) => `<${id}@example.org>`).toSorted());
    for (const relay of relays) expect(relay.delivered.length).toBeGreaterThan(0);
  });
});

/** One instance's periodic job, as the server builds it, on its own connection: `round` does what the job does when it is due. */
interface Job {
  round(): Promise<void>;
  /** Times this instance did the job's work. */
  readonly done: number;
  stop(): void;
}

/**
 * The periodic jobs that run in one instance at a time (server/db/leases.ts). Each makes its work
 * due before a round (a subscriber to queue, a moment that came), so the instance whose turn it is
 * not would otherwise do it too.
 */
const periodicJobs: { name: string; make(db: Db, holder: string, setUp: Db): Job }[] = [
  {
    name: "a newsletter's sending",
    make(db, holder, setUp) {
      const context = testMailContext("en", "https://site.example");
      let done = 0;
      const dispatch = new NewsletterDispatch({
        table: new NewsletterTable(db),
        compose: (_issue, recipient) => {
          done += 1;
          return { language: "en", mail: composeNotification("contactMessage", recipient.id, validPayloads.contactMessage, new Date().toISOString(), context) };
        },
        kick: () => {},
        ratePerMinute: 60_000,
        now: () => new Date(),
        log: silent,
        batchSize: 1,
        turn: new JobTurn(db, "newsletter-dispatch", 30_000, holder),
      });
      return {
        async round() {
          addSubscriber(setUp);
          if (new NewsletterTable(setUp).sending().length === 0) {
            const table = new NewsletterTable(setUp);
            const id = table.create(
              { subject: { en: "Hello" }, body: { en: "Text." }, picture: null, wines: [], tours: [], links: [] },
              "editor@example.org",
              now(),
            );
            table.startSending(id, "editor@example.org", now(), ["en"]);
          }
          dispatch.look();
        },
        get done() {
          return done;
        },
        stop: () => dispatch.stop(),
      };
    },
  },
  {
    name: "a scheduled publish",
    make(db, holder, setUp) {
      let done = 0;
      const schedule = new ContentSchedule({
        moments: momentTable(db),
        repository: { ids: async () => [], read: async () => null },
        published: { current: async () => null, files: async () => new Map(), blobs: async () => new Map() },
        publisher: { request: () => ({ id: ++done }) as PublishJob },
        now: () => new Date(),
        checkMs: 3_600_000,
        turn: new JobTurn(db, "content-schedule", 3_600_000, holder),
        log: silent,
      });
      return {
        async round() {
          setUp
            .prepare("INSERT INTO content_schedule (run_at, type, item, action) VALUES (?, 'news', ?, 'publish')")
            .run(now(), `item-${done}-${Math.random()}`);
          await schedule.start();
        },
        get done() {
          return done;
        },
        stop: () => schedule.stop(),
      };
    },
  },
];

const now = () => new Date().toISOString();
let subscribers = 0;
function addSubscriber(db: Db): void {
  const n = ++subscribers;
  db.prepare(
    `INSERT INTO newsletter_subscribers (id, received_at, language, page, email, consented_at, confirmed_at, confirm_token, unsubscribe_token)
     VALUES (?, ?, 'en', '/en/', ?, ?, ?, ?, ?)`,
  ).run(`sub-${n}`, now(), `reader${n}@example.com`, now(), now(), `confirm-${n}`, `unsubscribe-${n}`);
}

describe.runIf(onPostgres()).each(periodicJobs)("$name, with two instances on one PostgreSQL database", ({ make }) => {
  it("is done by one instance at a time: the other takes it over once the first stops", async () => {
    const dataDir = tempDataDir();
    const one = openTestDatabase(dataDir);
    const two = openTestDatabase(dataDir);
    opened.push(one, two);
    const first = make(one, "first", one);
    const second = make(two, "second", one);
    await first.round();
    expect(first.done).toBe(1);
    // Due again: the first instance's turn still, so the second leaves it.
    await second.round();
    expect(second.done).toBe(0);
    await first.round();
    expect(first.done).toBe(2);
    // The first stops (a deploy): the second takes the job at once.
    first.stop();
    await second.round();
    expect(second.done).toBe(1);
    second.stop();
  });
});

describe.runIf(onPostgres())("the API's rate limits, with two instances on one PostgreSQL database", () => {
  const { apps } = closedAfterEachTest();

  it("count a client's submissions on both together: the limit holds however they are spread", async () => {
    const dataDir = tempDataDir();
    const env = { DATA_DIR: dataDir, RATE_LIMIT_MAX: "3", RATE_LIMIT_WINDOW_MS: "60000" };
    const instances = [await buildTestServer(env), await buildTestServer(env)];
    instances.forEach((app) => apps.add(app));
    const post = (app: FastifyInstance) =>
      app.inject({ method: "POST", url: "/api/contact-messages", headers: { "content-type": "application/json" }, payload: validPayloads.contactMessage });
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await post(instances[i % 2]!)).statusCode);
    expect(answers).toEqual([201, 201, 201, 429, 429, 429]);
  });
});

describe("a scheduled publish that is another instance's turn", () => {
  it("is looked at again at the next check, not at once over and over", async () => {
    const db = openTestDatabase(tempDataDir());
    opened.push(db);
    db.prepare("INSERT INTO content_schedule (run_at, type, item, action) VALUES (?, 'news', 'harvest', 'publish')").run(now());
    let asked = 0;
    let published = 0;
    const schedule = new ContentSchedule({
      moments: momentTable(db),
      repository: { ids: async () => [], read: async () => null },
      published: { current: async () => null, files: async () => new Map(), blobs: async () => new Map() },
      publisher: { request: () => ({ id: ++published }) as PublishJob },
      now: () => new Date(),
      checkMs: 60_000,
      turn: { take: () => (++asked, false), giveBack: () => {} },
      log: silent,
    });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      await schedule.start();
      await vi.advanceTimersByTimeAsync(59_000);
      expect(asked).toBe(1);
      await vi.advanceTimersByTimeAsync(2_000);
      expect(asked).toBe(2);
      expect(published).toBe(0);
    } finally {
      schedule.stop();
      vi.useRealTimers();
    }
  });
});

/** A job's record before its build starts. */
const notBuilt = { buildDir: null, contentTree: null, changedPages: null, contentChanges: null, fromPreview: null };

describe("publishes left unfinished, found by a server that starts", () => {
  it("are marked interrupted, unless a server that may still run holds their lease: another machine's until it runs out, this machine's while its process lives", () => {
    const db = openTestDatabase(tempDataDir());
    opened.push(db);
    const table = publishJobTable(db);
    const now = new Date();
    const add = (status: PublishJobRecord["status"]) =>
      table.add({
        kind: "publish",
        requestedBy: ["claire@example.org"],
        requestedAt: now.toISOString(),
        startedAt: null,
        finishedAt: null,
        status,
        steps: [],
        error: null,
        items: [],
        asOf: null,
        ...notBuilt,
      });
    const [elsewhere, crashedHere, runOut, unleased, done] = [add("building"), add("building"), add("queued"), add("switching"), add("done")];
    // A process that has ended: its pid is no one's now.
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid;
    const lease = db.prepare("INSERT INTO leases (name, holder, until) VALUES (?, ?, ?)");
    const later = new Date(now.getTime() + 60_000).toISOString();
    lease.run(publishJobLease(elsewhere), "other-machine:4242:ab12cd34:ef56ab78", later);
    lease.run(publishJobLease(crashedHere), `${hostname()}:${deadPid}:ab12cd34:ef56ab78`, later);
    lease.run(publishJobLease(runOut), "other-machine:4242:ab12cd34:ef56ab78", new Date(now.getTime() - 1000).toISOString());
    const found = table.interruptEarlier(now);
    expect(found.elsewhere).toEqual([elsewhere]);
    expect(found.interrupted).toEqual([crashedHere, runOut, unleased]);
    expect(
      table
        .recent(10)
        .reverse()
        .map((job) => [job.id, job.status]),
    ).toEqual([
      [elsewhere, "building"],
      [crashedHere, "interrupted"],
      [runOut, "interrupted"],
      [unleased, "interrupted"],
      [done, "done"],
    ]);
  });

  it("keep a scheduled moment another instance is publishing started, and set one whose publish was cut short waiting again", () => {
    const db = openTestDatabase(tempDataDir());
    opened.push(db);
    const table = publishJobTable(db);
    const now = new Date();
    const at = now.toISOString();
    const add = () =>
      table.add({
        kind: "publish",
        requestedBy: ["@schedule"],
        requestedAt: at,
        startedAt: at,
        finishedAt: null,
        status: "building",
        steps: [],
        error: null,
        items: [],
        asOf: null,
        ...notBuilt,
      });
    const [running, cutShort] = [add(), add()];
    db.prepare("INSERT INTO leases (name, holder, until) VALUES (?, ?, ?)").run(
      publishJobLease(running),
      "other-machine:4242:ab12cd34:ef56ab78",
      new Date(now.getTime() + 60_000).toISOString(),
    );
    const moment = db.prepare("INSERT INTO content_schedule (run_at, type, item, action, started_at, job_id) VALUES (?, 'news', ?, 'publish', ?, ?)");
    moment.run(at, "harvest-2026", at, running);
    moment.run(at, "open-days", at, cutShort);
    // What a server does at its start (server/admin/index.ts): the publisher marks the jobs cut short in its journal, then the schedule is looked at.
    table.interruptEarlier(now);
    expect(
      momentTable(db)
        .requeueInterrupted(at)
        .map((found) => found.item),
    ).toEqual(["open-days"]);
  });
});
