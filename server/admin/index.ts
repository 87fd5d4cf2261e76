/**
 * The staff inbox at /admin: server-rendered pages without a script, behind a sign-in with
 * server-side sessions, each state-changing request checked for its origin and its CSRF token.
 * See docs/security.md ("The staff inbox") for the model.
 */
import { readFileSync } from "node:fs";
import { serverFile } from "../project";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { validatorCompiler } from "fastify-type-provider-zod";
import { createElement } from "react";
import type { Config } from "../config";
import { auditActions } from "../db/audit";
import { auditKey } from "../db/audit-key";
import type { StaffRole } from "../db/staff";
import { recordStaffAction } from "../staff/audit-log";
import type { StaffStores } from "../staff/deps";
import { sendPage, viewFor, type AdminContext } from "./shared/context";
import { checkCsrf, isMultipart, publicConfig, reads, staffGuard } from "./shared/staff-guard";
import { assertDeclaresAccess, everyRole, publicRoute } from "./shared/roles";
import { defaultPublishDir, Publisher, publishTurnRenewMs, startRequester } from "./content/publisher";
import { PublishedContent } from "./content/published";
import { LiveBuildFollower } from "./content/follow-live";
import { publishJobLease } from "../db/publish-jobs";
import { PictureStore } from "./content/pictures";
import { newsletterPicturesFolder, pictureLimits, UploadedFile, UploadStore } from "../pictures";
import { join } from "node:path";
import { ContentRepository } from "./content/repository";
import { ReviewStore } from "./content/review";
import { auditRoutes } from "./audit/routes";
import { contentRoutes } from "./content/routes";
import { newsletterRoutes, type NewsletterDesk } from "./newsletter/routes";
import { NewsletterDispatch } from "./newsletter/dispatch";
import { composeNewsletterMail, newsletterFacts } from "../mail/newsletter";
import { contentPreviewRoutes } from "./content/preview-routes";
import { contentPublishRoutes } from "./content/publish-routes";
import type { ContentEditor } from "./content/editor";
import { LivePreview } from "./content/live-preview";
import { ContentSchedule, scheduleAlertViews } from "./content/schedule";
import { inboxRoutes } from "./inbox/routes";
import { privacyRoutes } from "./privacy/routes";
import { accountRoutes } from "./account/routes";
import { secondFactorRoutes } from "./session/second-factor-routes";
import { sessionRoutes } from "./session/routes";
import { submissionRoutes } from "./submission/routes";
import { staffRoutes } from "./staff/routes";
import { passwordLinkRoutes } from "./staff/password-link-routes";
import { scheduleRoutes } from "./schedule/routes";
import { bookingSlotRoutes } from "./submission/booking-slot-routes";
import { calendarFeedRoutes } from "./account/calendar-feed-routes";
import { calendarRoutes } from "./calendar/routes";
import { newBookingRoutes } from "./new-booking/routes";
import { experienceRoutes } from "./experiences/routes";
import { guestRoutes } from "./guests/routes";
import { reportRoutes } from "./reports/routes";
import { voucherRoutes } from "./vouchers/routes";
import type { Bookings } from "../bookings/deps";
import type { ContentStore } from "../content-store";
import type { BackupStatus } from "../backup/status";
import { NotFoundPage } from "./shared/error-pages";
import { staffFormLimit } from "./shared/staff-form";

/** A route of the inbox, as registered: the attack tests walk this list. */
interface AdminRoute {
  method: string;
  url: string;
  /** Reachable without a session (the sign-in steps, the language switch, the stylesheet). */
  public: boolean;
  /** The roles it is for (none for a public route). */
  roles: readonly StaffRole[];
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route the inbox registered. */
    adminRoutes: AdminRoute[];
    /** The content editor's publishing queue. */
    contentPublisher: Publisher;
    /** The moments scheduled items go on or off the site. */
    contentSchedule: ContentSchedule;
    /** The newsletter's sending. */
    newsletterDispatch: NewsletterDispatch;
  }
}

const stylesheet = readFileSync(serverFile("admin/admin.css"));
/** The content editor's script (./assets/editor.js): the live preview, the focus picker and the counts follow the typing. */
const editorScript = readFileSync(serverFile("admin/assets/editor.js"));

interface AdminOptions {
  config: Config;
  stores: StaffStores;
  kickMail: () => void;
  routes: AdminRoute[];
  now?: () => Date;
  contentDir: string;
  publisher: Publisher;
  repository: ContentRepository;
  published: PublishedContent;
  schedule: ContentSchedule;
  live: LivePreview;
  newsletter: NewsletterDesk;
  bookings: Bookings;
  content: ContentStore;
  backupStatus: () => BackupStatus;
}

/**
 * Lets a scope's forms be posted as multipart (a picture chosen), each file read into an
 * `UploadedFile` of the body, cut at the size limit; the CSRF token of such a form checked once its
 * fields are read, still before the route's schema (the role was checked before the parts were read).
 */
async function acceptUploads(scope: FastifyInstance, context: AdminContext): Promise<void> {
  await scope.register(multipart, {
    attachFieldsToBody: "keyValues",
    // A file over the limit is cut there and marked, to be refused at its field rather than with a bare 413.
    throwFileSizeLimit: false,
    limits: { fileSize: pictureLimits.maxBytes, files: 20, fields: 2000, fieldSize: 256 * 1024, parts: 2100 },
    // The body's value of a file field (the plugin's `MultipartFile.value`): read by `formWithFiles` (./shared/staff-form.ts).
    onFile: async (part) => {
      const bytes = await part.toBuffer();
      part.value = new UploadedFile(part.filename, bytes, part.file.truncated);
    },
  });
  scope.addHook("preValidation", async (request, reply) => (isMultipart(request) ? checkCsrf(context, request, reply) : undefined));
}

async function adminPlugin(admin: FastifyInstance, options: AdminOptions): Promise<void> {
  const { config, routes, stores } = options;
  let key: Buffer | null = null;
  const context: AdminContext = {
    config,
    accounts: stores.accounts,
    auditKey: () => (key ??= auditKey(config.DATA_DIR)),
    staff: stores.accounts.staff,
    throttle: stores.throttle,
    now: options.now ?? (() => new Date()),
    kickMail: options.kickMail,
    content: options.content,
    bookings: options.bookings,
    backupStatus: options.backupStatus,
    scheduleAlerts: (lang) => scheduleAlertViews(stores.contentMoments, options.contentDir, lang),
  };

  admin.addHook("onRoute", (route) => {
    // Fail closed: a route that names neither its roles nor that it is public is a mistake.
    assertDeclaresAccess(route.url, route.config);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, public: publicConfig(route.config), roles: route.config?.roles ?? [] });
  });

  await admin.register(cookie);
  // The inbox's forms are plain HTML forms: URL-encoded fields are the only body it reads.
  admin.removeAllContentTypeParsers();
  await admin.register(formbody, { bodyLimit: staffFormLimit });
  // Each route's params, query and body are read by its zod schema (fastify-type-provider-zod),
  // after the session, origin, CSRF and role checks below.
  admin.setValidatorCompiler(validatorCompiler);
  await admin.register(staffGuard, context);

  admin.get("/admin/assets/admin.css", { config: publicRoute }, async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("Cache-Control", "no-cache").send(stylesheet),
  );
  admin.get("/admin/assets/editor.js", { config: publicRoute }, async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("Cache-Control", "no-cache").send(editorScript),
  );
  await admin.register(sessionRoutes, context);
  await admin.register(secondFactorRoutes, context);
  await admin.register(accountRoutes, context);
  await admin.register(inboxRoutes, context);
  await admin.register(submissionRoutes, context);
  await admin.register(privacyRoutes, context);
  await admin.register(auditRoutes, context);
  await admin.register(staffRoutes, context);
  await admin.register(passwordLinkRoutes, context);
  // The content editor in a scope of its own: only its forms and the newsletter's may be posted as multipart (a picture upload).
  await admin.register(async (scope) => {
    await acceptUploads(scope, context);
    const editor: ContentEditor = {
      repository: options.repository,
      published: options.published,
      review: new ReviewStore(stores.contentReview, context.now),
      publisher: options.publisher,
      pictures: new PictureStore(options.contentDir, config.DATA_DIR),
      schedule: options.schedule,
      live: options.live,
    };
    await scope.register(contentRoutes, { ...context, editor });
    await scope.register(contentPreviewRoutes, { ...context, editor });
    await scope.register(contentPublishRoutes, { ...context, editor });
  });
  await admin.register(scheduleRoutes, context);
  await admin.register(bookingSlotRoutes, context);
  await admin.register(calendarFeedRoutes, context);
  await admin.register(calendarRoutes, context);
  await admin.register(newBookingRoutes, context);
  await admin.register(guestRoutes, context);
  await admin.register(voucherRoutes, context);
  await admin.register(reportRoutes, context);
  await admin.register(experienceRoutes, context);
  // The newsletter, in a scope of its own that takes a photograph's upload too.
  await admin.register(async (scope) => {
    await acceptUploads(scope, context);
    await scope.register(newsletterRoutes, { ...context, desk: options.newsletter });
  });

  // Any other address under /admin: the same sign-in rule, then "not found".
  admin.route({
    method: ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"],
    url: "/admin/*",
    config: everyRole,
    handler: async (request, reply) => {
      if (reads(request) && request.url === "/admin/") return reply.redirect("/admin", 303);
      return sendPage(reply, 404, createElement(NotFoundPage, { view: viewFor(context, request, reply) }));
    },
  });
}

/**
 * Mounts the staff area on the server, on the form API's database. The routes it registers are
 * listed in `app.adminRoutes`.
 */
async function registerStaffArea(
  app: FastifyInstance,
  options: {
    config: Config;
    now?: (() => Date) | undefined;
    publishCommand?: { file: string; args: string[] } | undefined;
    publishDir?: string | undefined;
    /** The published content is to be built again at start, with this build's kept bundle (server/admin/content/published.ts `liveAtStart`). */
    rebuildWith?: string | null | undefined;
  },
): Promise<void> {
  const { config } = options;
  const routes: AdminRoute[] = [];
  app.decorate("adminRoutes", routes);
  const contentDir = app.content.dir;
  const stores = app.staffStores;
  const now = options.now ?? (() => new Date());
  const buildsDir = options.publishDir ?? defaultPublishDir;
  // Instances sharing the content folder change it one at a time (a save takes a second or two at most; free after 30 s if its instance died).
  const repository = new ContentRepository(contentDir, stores.turn("content-repository", 30_000));
  const published = new PublishedContent(repository, buildsDir);
  const publisher = new Publisher({
    journal: stores.publishJobs,
    repository,
    published,
    buildsDir,
    switchTo: (dir) => app.switchBuild(dir),
    servedBuild: () => app.servedBuild(),
    // Held while a publish runs, renewed every publishTurnRenewMs; free again after a minute if its instance died.
    turn: stores.turn("content-publish", 4 * publishTurnRenewMs),
    jobTurn: (id) => stores.turn(publishJobLease(id), 4 * publishTurnRenewMs),
    env: { ...process.env, SITE_URL: config.SITE_URL },
    ...(options.publishCommand ? { command: options.publishCommand } : {}),
    now,
    onFinished: (job) => {
      recordStaffAction(
        stores.accounts,
        {
          actor: job.requestedBy.join(", "),
          action: auditActions.contentPublished,
          detail: {
            status: job.status,
            items: job.items,
            steps: job.steps,
            ...(job.fromPreview ? { preview: job.fromPreview.requestedAt.toISOString() } : {}),
          },
        },
        now(),
      );
      if (job.status === "failed") app.log.warn({ job: job.id }, "content: a publish failed; the live site is unchanged");
      else if (job.status === "done" && job.preview === null) {
        // What went live is what the server's mails and pages say from now on, with no restart:
        // the content this build was made from (its checkout), not the folder as it is now.
        if (job.content && !app.content.switchTo(job.content.dir))
          app.log.warn({ job: job.id }, "content: published, but its content does not read: the server keeps the content it had");
        app.log.info({ job: job.id, items: job.items, steps: job.steps }, "content: published");
      } else app.log.info({ job: job.id, steps: job.steps }, "content: preview built");
    },
  });
  app.decorate("contentPublisher", publisher);
  // Instances on one PostgreSQL database share PUBLISH_DIR: each serves what another published.
  const follower = config.DATABASE_URL
    ? new LiveBuildFollower({
        buildsDir,
        published,
        servedBuild: () => app.servedBuild(),
        switchBuild: (dir) => app.switchBuild(dir),
        switchContent: (dir) => app.content.switchTo(dir),
        log: app.log,
      })
    : null;
  // A scheduled publish the server's stop cut short runs again now: nobody else would ask for it.
  const requeued = stores.contentMoments.requeueInterrupted(now().toISOString());
  if (requeued.length > 0)
    app.log.warn({ moments: requeued }, "content: a scheduled publish was interrupted when the server stopped; it is published again now");
  const schedule = new ContentSchedule({
    moments: stores.contentMoments,
    repository,
    published,
    publisher,
    now,
    checkMs: config.CONTENT_SCHEDULE_CHECK_SECONDS * 1000,
    // Renewed at each moment it publishes for; free again two looks after.
    turn: stores.turn("content-schedule", 2 * config.CONTENT_SCHEDULE_CHECK_SECONDS * 1000 + 60_000),
    log: app.log,
  });
  app.decorate("contentSchedule", schedule);
  const live = new LivePreview({ contentDir, servedBuild: () => app.servedBuild() });
  // The newsletter: an issue being sent when the server stopped goes on from where it was.
  const newsletterTable = stores.newsletter;
  const newsletter: NewsletterDesk = {
    table: newsletterTable,
    ratePerMinute: config.NEWSLETTER_RATE_PER_MINUTE,
    pictures: new UploadStore(join(config.DATA_DIR, newsletterPicturesFolder)),
    dispatch: new NewsletterDispatch({
      table: newsletterTable,
      compose: (issue, recipient) => composeNewsletterMail(issue.content, recipient, newsletterFacts(app.content, config.SITE_URL)),
      kick: () => app.mailSender?.kick(),
      ratePerMinute: config.NEWSLETTER_RATE_PER_MINUTE,
      now,
      // Renewed at each look (every half second while an issue is being sent).
      turn: stores.turn("newsletter-dispatch", 30_000),
      log: app.log,
    }),
  };
  app.decorate("newsletterDispatch", newsletter.dispatch);
  // A build running when the server stops is stopped and recorded as interrupted, before the database closes.
  app.addHook("preClose", async () => {
    schedule.stop();
    follower?.stop();
    live.stop();
    publisher.stop();
    // Nothing more is queued; what is in the outbox is sent (or kept) by the sender's own shutdown.
    newsletter.dispatch.stop();
  });
  // Once the server is ready: the newsletter takes up an issue being sent; the schedule reads the
  // content's moments and publishes for any that passed while the server was stopped, without
  // holding up the start (a large issue's batches, taken up at once, slow each of its reads).
  app.addHook("onReady", async () => {
    // The build served is not the published content's (a deploy built the folder with its drafts): built again, with its code.
    if (options.rebuildWith) {
      const job = publisher.request(startRequester, { baseBuild: options.rebuildWith });
      app.log.warn({ job: job.id }, "content: the build served was not made from the published content; building the published content again");
    }
    newsletter.dispatch.start();
    await follower?.start();
    void schedule
      .start()
      .catch((error: unknown) =>
        app.log.warn(
          { error: error instanceof Error ? error.message : String(error) },
          "content: the schedule could not start; scheduled items wait for a publish",
        ),
      );
  });
  if (publisher.interruptedAtStart.length > 0) {
    app.log.warn({ jobs: publisher.interruptedAtStart }, "content: a publish was interrupted when the server stopped; the publish page offers to run it again");
  }
  await app.register(adminPlugin, {
    config,
    stores,
    kickMail: () => app.mailSender?.kick(),
    routes,
    now: options.now,
    contentDir,
    publisher,
    repository,
    published,
    schedule,
    live,
    newsletter,
    bookings: app.bookings,
    content: app.content,
    backupStatus: () => app.backups.status(),
  });
}

/**
 * The staff area as a plugin of the server (`staff-area`): it needs the content store, the
 * database, the mail, the bookings, the backups' state and its own stores
 * (server/plugins/staff-stores.ts); registered before them, the server does not start and names
 * the one missing.
 */
export const staffArea = fp(registerStaffArea, {
  name: "staff-area",
  fastify: "5.x",
  dependencies: ["content-store", "database", "mail", "bookings", "backups", "staff-stores"],
});
