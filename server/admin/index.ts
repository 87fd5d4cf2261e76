/**
 * The staff inbox at /admin: server-rendered pages without a script, behind a sign-in with
 * server-side sessions, each state-changing request checked for its origin and its CSRF token.
 * See docs/security.md ("The staff inbox") for the model.
 */
import { readFileSync } from "node:fs";
import { serverFile } from "../project";
import { resolve } from "node:path";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from "fastify-type-provider-zod";
import { createElement } from "react";
import { content, contentFile } from "#content";
import { postalAddress } from "#content/address";
import { estateNames } from "#content/names";
import { languages, type Language } from "#core/languages";
import type { Config } from "../config";
import { hasEncodedBody, refuseEncodedBody } from "../request-body";
import { auditActions, recordAudit } from "../db/audit";
import { auditKey } from "../db/audit-key";
import { asStorageUnavailable } from "../db/availability";
import { hasLegacyDigests, keyLegacyDigests } from "../db/privacy";
import { addPublishJob, earlierPublishJobs, updatePublishJob } from "../db/publish-jobs";
import type { Db } from "../db/database";
import { SignInThrottle } from "../db/sign-in-throttle";
import { StaffStore, type StaffRole } from "../db/staff";
import { sendPage, sentCsrfToken, viewFor, type AdminContext } from "./context";
import { cookieNames, readCookie, servedOverHttps } from "./cookies";
import { fromThisSite, tokensMatch } from "./guard";
import { assertDeclaresAccess, everyRole, publicRoute, roleAllows } from "./roles";
import { defaultPublishDir, Publisher } from "./content/publisher";
import { PictureStore, pictureLimits, UploadedFile } from "./content/pictures";
import { ContentRepository } from "./content/repository";
import { ReviewStore } from "./content/review";
import { auditRoutes } from "./routes/audit";
import { contentRoutes } from "./routes/content";
import { mailPreviewPolicy, newsletterRoutes, type NewsletterDesk } from "./routes/newsletter";
import { NewsletterDispatch } from "./newsletter/dispatch";
import { NewsletterTable } from "../db/newsletter";
import type { EstateFacts } from "../mail/compose";
import { composeNewsletterMail } from "../mail/newsletter";
import { contentPreviewRoutes, previewPagePolicy } from "./routes/content-preview";
import type { ContentEditor } from "./content/editor";
import { LivePreview } from "./content/live-preview";
import { ContentSchedule } from "./content/schedule";
import { inboxRoutes } from "./routes/inbox";
import { privacyRoutes } from "./routes/privacy";
import { accountRoutes } from "./routes/account";
import { secondFactorRoutes } from "./routes/second-factor";
import { sessionRoutes } from "./routes/session";
import { submissionRoutes } from "./routes/submission";
import { staffRoutes } from "./routes/staff";
import { scheduleRoutes } from "./routes/schedule";
import { bookingSlotRoutes } from "./routes/booking-slot";
import { calendarFeedRoutes } from "./routes/calendar-feed";
import { calendarRoutes } from "./routes/calendar";
import { newBookingRoutes } from "./routes/new-booking";
import type { SubmissionStore } from "../db/submissions";
import type { TourService } from "../bookings/service";
import type { BackupStatus } from "../backup/status";
import { estateTimeZone } from "./view-context";
import { InvalidFormPage, NotFoundPage, RefusedPage, RoleRefusedPage, SignInFirstPage, UnavailablePage } from "./views/sign-in-page";

/** A route of the inbox, as registered: the attack tests walk this list. */
export interface AdminRoute {
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

/**
 * The staff pages may load one stylesheet and one script (the editor's, which only adds to pages
 * that work without it) from this server, and frame only this server's pages (the editor's live
 * preview); no plugin; forms post only here; no other site may frame them. A previewed page of
 * the site keeps its own policy.
 */
export function adminSecurityPolicy(https: boolean): string {
  const policy = "default-src 'none'; style-src 'self'; img-src 'self'; script-src 'self'; frame-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
  return https ? `${policy}; upgrade-insecure-requests` : policy;
}

const stylesheet = readFileSync(serverFile("admin/admin.css"));
/** The content editor's script (./assets/editor.js): the live preview, the focus picker and the counts follow the typing. */
const editorScript = readFileSync(serverFile("admin/assets/editor.js"));

/** The policies of pages the staff area shows in a frame, which it leaves as they are. */
const framedPolicies = new Set([previewPagePolicy, mailPreviewPolicy]);

/** A route registered with `publicRoute` as its config (./roles.ts). */
const publicConfig = (config: { adminPublic?: boolean } | undefined) => config?.adminPublic === true;
const isPublic = (request: FastifyRequest) => publicConfig(request.routeOptions.config);
const reads = (request: FastifyRequest) => request.method === "GET" || request.method === "HEAD";
/** A multipart body: only the content editor's scope has its parser (anywhere else it is refused with 415). */
const isMultipart = (request: FastifyRequest) => /^multipart\/form-data\b/i.test(request.headers["content-type"] ?? "");

/** The estate's name, address, phone, e-mail and website, as the head and signature of its e-mails give them (server/mail/compose.ts). */
function estateFacts(siteUrl: string): EstateFacts {
  const { site } = content;
  return {
    estateNames: estateNames(site),
    estateEmail: site.contact.email,
    estatePhone: site.contact.phone,
    address: Object.fromEntries(languages.map((lang) => [lang, postalAddress(site.address, lang)])) as Record<Language, string>,
    siteUrl,
  };
}

interface AdminOptions {
  config: Config;
  db: Db;
  kickMail: () => void;
  routes: AdminRoute[];
  now?: () => Date;
  contentDir: string;
  publisher: Publisher;
  repository: ContentRepository;
  schedule: ContentSchedule;
  live: LivePreview;
  newsletter: NewsletterDesk;
  tours: TourService;
  store: SubmissionStore;
  backupStatus: () => BackupStatus;
}

async function adminPlugin(admin: FastifyInstance, options: AdminOptions): Promise<void> {
  const { config, db, routes } = options;
  const { site, tours } = content;
  let key: Buffer | null = null;
  const context: AdminContext = {
    config,
    db,
    auditKey: () => (key ??= auditKey(config.DATA_DIR)),
    staff: new StaffStore(db),
    throttle: new SignInThrottle(db),
    now: options.now ?? (() => new Date()),
    kickMail: options.kickMail,
    estateName: site.estateName,
    tours: options.tours,
    store: options.store,
    backupStatus: options.backupStatus,
    reply: {
      ...estateFacts(config.SITE_URL),
      timeZone: estateTimeZone,
      durationMinutes: tours.facts.durationMinutes,
    },
  };
  const siteOrigin = new URL(config.SITE_URL).origin;
  // An erasure (server/db/privacy.ts) must leave nothing in the file: with secure_delete every
  // deleted or rewritten row of this connection (the server's one, shared with the form API) is
  // overwritten with zeros, including the older versions of a row that an update leaves behind,
  // such as an outbox e-mail's before it was marked sent.
  db.pragma("secure_delete = ON");
  // The audit log named addresses by a bare SHA-256 before: keyed now, so no one can confirm an erasure by hashing an address.
  if (hasLegacyDigests(db)) {
    const changed = keyLegacyDigests(db, context.auditKey());
    admin.log.info(`admin: ${changed} audit entries now name their address by a keyed digest`);
  }

  admin.addHook("onRoute", (route) => {
    // Fail closed: a route that names neither its roles nor that it is public is a mistake.
    assertDeclaresAccess(route.url, route.config);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method, url: route.url, public: publicConfig(route.config), roles: route.config?.roles ?? [] });
  });

  await admin.register(cookie);
  // The inbox's forms are plain HTML forms: URL-encoded fields are the only body it reads.
  admin.removeAllContentTypeParsers();
  // 256 KB: a reply of 8,000 Chinese or Japanese characters is 72 KB once percent-encoded (9 bytes a character).
  await admin.register(formbody, { bodyLimit: 256 * 1024 });
  // Each route's params, query and body are read by its zod schema (fastify-type-provider-zod),
  // after the session, origin, CSRF and role checks below.
  admin.setValidatorCompiler(validatorCompiler);
  admin.decorateRequest("staffSession", null);

  const refuse = (request: FastifyRequest, reply: FastifyReply) => sendPage(reply, 403, createElement(RefusedPage, { view: viewFor(context, request, reply) }));

  // Who is asking: a session opens every route; without one, reading leads to the sign-in page
  // and anything else is refused with 401, before any other check can tell the routes apart.
  admin.addHook("onRequest", async (request, reply) => {
    if (hasEncodedBody(request)) return refuseEncodedBody(reply);
    const token = readCookie(request, cookieNames(servedOverHttps(config, request)).session);
    request.staffSession = token ? context.staff.session(token, context.now()) : null;
    if (!request.staffSession && !isPublic(request)) {
      if (reads(request)) return reply.redirect("/admin/login", 303);
      return sendPage(reply, 401, createElement(SignInFirstPage, { view: viewFor(context, request, reply) }));
    }
    if (!reads(request) && !fromThisSite(request, siteOrigin)) {
      request.log.warn({ origin: request.headers.origin }, "admin: cross-origin request refused");
      return refuse(request, reply);
    }
  });

  // The session's CSRF token in every form (the public routes check the sign-in form's own),
  // before the route's schema reads the form (preValidation), so a forged post learns nothing.
  const checkCsrf = async (request: FastifyRequest, reply: FastifyReply) => {
    if (reads(request) || isPublic(request)) return;
    if (!tokensMatch(sentCsrfToken(request), request.staffSession?.csrfToken ?? null)) {
      request.log.warn("admin: CSRF token refused");
      return refuse(request, reply);
    }
  };
  // A multipart body is read only in the content editor's scope, by a preValidation hook of its
  // own that runs after this one: its token is checked there, once its fields are read (below).
  admin.addHook("preValidation", async (request, reply) => (isMultipart(request) ? undefined : checkCsrf(request, reply)));

  // The role the route asks for (./roles.ts), once the session and its token are known good, and
  // before the route's schema.
  admin.addHook("preValidation", async (request, reply) => {
    if (isPublic(request) || !request.staffSession) return;
    if (!roleAllows(request.routeOptions.config, request.staffSession.role)) {
      request.log.warn({ staffId: request.staffSession.staffId, role: request.staffSession.role }, "admin: page refused to this role");
      return sendPage(reply, 403, createElement(RoleRefusedPage, { view: viewFor(context, request, reply) }));
    }
  });

  // A write the database cannot take now (another process's lock, a full disk): a page saying
  // so, 503 with Retry-After; what the staff typed is still in the browser's form (Back).
  // A form whose shape its route's schema refuses (a field sent twice): 400, naming the fields.
  admin.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = [...new Set(error.validation.map((issue) => issue.instancePath.split("/")[1] ?? ""))].filter((name) => name !== "");
      return sendPage(reply, 400, createElement(InvalidFormPage, { view: viewFor(context, request, reply), fields }));
    }
    const unavailable = asStorageUnavailable(error);
    if (!unavailable) throw error;
    request.log.warn({ reason: unavailable.reason }, unavailable.message);
    reply.header("Retry-After", String(unavailable.retryAfterSeconds));
    return sendPage(reply, 503, createElement(UnavailablePage, { view: viewFor(context, request, reply), reason: unavailable.reason }));
  });

  // Pages are never stored; an answer that says otherwise itself (the stylesheet, the private
  // calendar feed) keeps its own caching and robots headers.
  admin.addHook("onSend", async (request, reply) => {
    // A previewed page of the site, an e-mail in the newsletter's preview, keep their own policies (./routes/content-preview.ts, ./routes/newsletter.ts).
    if (!framedPolicies.has(String(reply.getHeader("Content-Security-Policy")))) reply.header("Content-Security-Policy", adminSecurityPolicy(servedOverHttps(config, request)));
    if (!reply.hasHeader("Cache-Control")) reply.header("Cache-Control", "no-store");
    if (!reply.hasHeader("X-Robots-Tag")) reply.header("X-Robots-Tag", "noindex, nofollow");
  });

  admin.get("/admin/assets/admin.css", { config: publicRoute }, async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("Cache-Control", "no-cache").send(stylesheet),
  );
  admin.get("/admin/assets/editor.js", { config: publicRoute }, async (_request, reply) =>
    reply.type("text/javascript; charset=utf-8").header("Cache-Control", "no-cache").send(editorScript),
  );
  sessionRoutes(admin, context);
  secondFactorRoutes(admin, context);
  accountRoutes(admin, context);
  inboxRoutes(admin, context);
  submissionRoutes(admin, context);
  privacyRoutes(admin, context);
  auditRoutes(admin, context);
  staffRoutes(admin, context);
  // The content editor in a scope of its own: only its forms may be posted as multipart (a picture upload).
  await admin.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: "keyValues",
      // A file over the limit is cut there and marked, to be refused at its field rather than with a bare 413.
      throwFileSizeLimit: false,
      limits: { fileSize: pictureLimits.maxBytes, files: 20, fields: 2000, fieldSize: 256 * 1024, parts: 2100 },
      // The body's value of a file field (the plugin's `MultipartFile.value`): read by `contentForm` (./routes/content.ts).
      onFile: async (part) => {
        const bytes = await part.toBuffer();
        part.value = new UploadedFile(part.filename, bytes, part.file.truncated);
      },
    });
    // The CSRF token of a multipart form, now that the plugin's hook has read its fields; still
    // before the route's schema. (The role was checked before the parts were read.)
    scope.addHook("preValidation", async (request, reply) => (isMultipart(request) ? checkCsrf(request, reply) : undefined));
    const editor: ContentEditor = {
      repository: options.repository,
      review: new ReviewStore(db, context.now),
      publisher: options.publisher,
      pictures: new PictureStore(options.contentDir, config.DATA_DIR),
      schedule: options.schedule,
      live: options.live,
    };
    contentRoutes(scope, context, editor);
    contentPreviewRoutes(scope, context, editor);
  });
  newsletterRoutes(admin, context, options.newsletter);
  scheduleRoutes(admin, context);
  bookingSlotRoutes(admin, context);
  calendarFeedRoutes(admin, context);
  calendarRoutes(admin, context);
  newBookingRoutes(admin, context);

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
 * Mounts the inbox on the server, on the form API's database (call after `registerApi`). The
 * routes it registers are listed in `app.adminRoutes`.
 */
export async function registerAdmin(
  app: FastifyInstance,
  config: Config,
  options: { now?: () => Date; publishCommand?: { file: string; args: string[] }; publishDir?: string } = {},
): Promise<void> {
  const routes: AdminRoute[] = [];
  app.decorate("adminRoutes", routes);
  // Absolute: the build runs in the project folder, whatever the server's working directory.
  const contentDir = resolve(config.CONTENT_DIR ?? contentFile());
  const db = app.forms.db;
  const now = options.now ?? (() => new Date());
  const publisher = new Publisher({
    journal: {
      earlier: (at, limit) => earlierPublishJobs(db, at, limit),
      add: (job) => addPublishJob(db, job),
      update: (job) => updatePublishJob(db, job),
    },
    contentDir,
    buildsDir: options.publishDir ?? defaultPublishDir,
    switchTo: (dir) => app.switchBuild(dir),
    servedBuild: () => app.servedBuild(),
    env: { ...process.env, SITE_URL: config.SITE_URL },
    ...(options.publishCommand ? { command: options.publishCommand } : {}),
    now,
    onFinished: (job) => {
      recordAudit(db, { actor: job.requestedBy.join(", "), action: auditActions.contentPublished, detail: { status: job.status, steps: job.steps, ...(job.fromPreview ? { preview: job.fromPreview.requestedAt.toISOString() } : {}) } }, now());
      if (job.status === "failed") app.log.warn({ job: job.id }, "content: a publish failed; the live site is unchanged");
      else app.log.info({ job: job.id, steps: job.steps }, "content: published");
    },
  });
  app.decorate("contentPublisher", publisher);
  const repository = new ContentRepository(contentDir);
  const schedule = new ContentSchedule({ db, repository, publisher, now, checkMs: config.CONTENT_SCHEDULE_CHECK_SECONDS * 1000, log: app.log });
  app.decorate("contentSchedule", schedule);
  const live = new LivePreview({ contentDir, servedBuild: () => app.servedBuild() });
  // The newsletter: an issue being sent when the server stopped goes on from where it was.
  const newsletterTable = new NewsletterTable(db);
  const facts = estateFacts(config.SITE_URL);
  const newsletter: NewsletterDesk = {
    table: newsletterTable,
    ratePerMinute: config.NEWSLETTER_RATE_PER_MINUTE,
    dispatch: new NewsletterDispatch({
      table: newsletterTable,
      compose: (issue, recipient) => composeNewsletterMail(issue.content, recipient, facts),
      kick: () => app.forms.sender?.kick(),
      ratePerMinute: config.NEWSLETTER_RATE_PER_MINUTE,
      now,
      log: app.log,
    }),
  };
  app.decorate("newsletterDispatch", newsletter.dispatch);
  // A build running when the server stops is stopped and recorded as interrupted, before the database closes.
  app.addHook("preClose", async () => {
    schedule.stop();
    live.stop();
    publisher.stop();
    // Nothing more is queued; what is in the outbox is sent (or kept) by the sender's own shutdown.
    newsletter.dispatch.stop();
  });
  // The schedule reads the content's moments and publishes for any that passed while the server was stopped.
  app.addHook("onReady", async () => {
    newsletter.dispatch.start();
    await schedule.start().catch((error: unknown) => app.log.warn({ error: (error as Error).message }, "content: the schedule could not start; scheduled items wait for a publish"));
  });
  if (publisher.interruptedAtStart.length > 0) {
    app.log.warn({ jobs: publisher.interruptedAtStart }, "content: a publish was interrupted when the server stopped; the publish page offers to run it again");
  }
  await app.register(adminPlugin, {
    config,
    db,
    kickMail: () => app.forms.sender?.kick(),
    routes,
    now: options.now,
    contentDir,
    publisher,
    repository,
    schedule,
    live,
    newsletter,
    tours: app.forms.tours,
    store: app.forms.store,
    backupStatus: () => app.backups.status(),
  });
}
