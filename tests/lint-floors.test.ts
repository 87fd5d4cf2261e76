/**
 * The floors of docs/architecture.md are rules only if the lint refuses what crosses them. Each
 * probe below is a file that would sit in one room and import from a room it may not: ESLint must
 * refuse it with the named rule. A few allowed imports are linted too, so a rule that refused
 * everything would fail here as well.
 */
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

interface Probe {
  /** Where the probe file would live (it is linted under this name, not written). */
  file: string;
  code: string;
  rule:
    | "import-x/no-restricted-paths"
    | "@typescript-eslint/no-restricted-imports"
    | "@typescript-eslint/consistent-type-assertions"
    | "no-restricted-syntax"
    | "no-restricted-properties"
    | "lescours/no-fixed-pause"
    | "lescours/database-handle";
}

const refused: Probe[] = [
  // A staff route's body names its fields.
  {
    file: "server/admin/inbox/routes.ts",
    code: 'import { staffForm } from "../shared/context";\nexport const schema = { body: staffForm };',
    rule: "no-restricted-syntax",
  },
  // The unit tests share one module graph: none resets it.
  {
    file: "app/lib/__tests__/probe.test.ts",
    code: 'import { vi } from "vitest";\nvi.resetModules();',
    rule: "no-restricted-properties",
  },
  // Components read content and messages through their route's loader only.
  {
    file: "app/components/wine/probe.tsx",
    code: 'import { content } from "#content";\nexport const x = content;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  {
    file: "app/components/wine/probe.tsx",
    code: 'import { textIn } from "#content/text";\nexport const x = textIn;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  {
    file: "app/components/wine/probe.tsx",
    code: 'import { content } from "../../../content/index";\nexport const x = content;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  {
    file: "app/routes/probe.tsx",
    code: 'import { messagesFor } from "#locales";\nexport const x = messagesFor;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  {
    file: "app/routes/probe.tsx",
    code: 'import { adminTranslator } from "#locales/admin";\nexport const x = adminTranslator;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  {
    file: "app/lib/probe.ts",
    code: 'import wine from "../../content/wines/chateau-2020.json";\nexport const x = wine;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  { file: "server/probe.ts", code: 'import site from "../content/site.json";\nexport const x = site;', rule: "@typescript-eslint/no-restricted-imports" },
  // Rooms and who may enter them.
  { file: "server/probe.ts", code: 'import { useI18n } from "~/lib/i18n/context";\nexport const x = useI18n;', rule: "import-x/no-restricted-paths" },
  {
    file: "server/probe.ts",
    code: 'import { paintFirst } from "../pipeline/paint-first";\nexport const x = paintFirst;',
    rule: "import-x/no-restricted-paths",
  },
  {
    file: "app/lib/probe.ts",
    code: 'import { loadConfigOrExit } from "../../server/config";\nexport const x = loadConfigOrExit;',
    rule: "import-x/no-restricted-paths",
  },
  {
    file: "app/lib/probe.ts",
    code: 'import { structuredData } from "../../pipeline/structured-data";\nexport const x = structuredData;',
    rule: "import-x/no-restricted-paths",
  },
  { file: "pipeline/probe.ts", code: 'import { buildServer } from "../server/app";\nexport const x = buildServer;', rule: "import-x/no-restricted-paths" },
  { file: "presentation/probe.ts", code: 'import { useI18n } from "~/lib/i18n/context";\nexport const x = useI18n;', rule: "import-x/no-restricted-paths" },
  { file: "forms/probe.ts", code: 'import { content } from "#content";\nexport const x = content;', rule: "import-x/no-restricted-paths" },
  { file: "forms/probe.ts", code: 'import { messagesFor } from "#locales";\nexport const x = messagesFor;', rule: "import-x/no-restricted-paths" },
  { file: "content/probe.ts", code: 'import { messagesFor } from "#locales";\nexport const x = messagesFor;', rule: "import-x/no-restricted-paths" },
  {
    file: "content/probe.ts",
    code: 'import { formDefinitions } from "#forms/definitions";\nexport const x = formDefinitions;',
    rule: "import-x/no-restricted-paths",
  },
  {
    file: "content/probe.ts",
    code: 'import { wineTitle } from "#presentation/wine-format";\nexport const x = wineTitle;',
    rule: "import-x/no-restricted-paths",
  },
  { file: "locales/probe.ts", code: 'import { content } from "#content";\nexport const x = content;', rule: "import-x/no-restricted-paths" },
  { file: "core/probe.ts", code: 'import { content } from "#content";\nexport const x = content;', rule: "import-x/no-restricted-paths" },
  {
    file: "server/db/probe.ts",
    code: 'import { composeSubmissionMails } from "../mail/compose";\nexport const x = composeSubmissionMails;',
    rule: "import-x/no-restricted-paths",
  },
  { file: "server/mail/probe.ts", code: 'import { enqueueMail } from "../db/outbox";\nexport const x = enqueueMail;', rule: "import-x/no-restricted-paths" },
  {
    file: "server/db/probe.ts",
    code: 'import { registerAdmin } from "../admin/index";\nexport const x = registerAdmin;',
    rule: "import-x/no-restricted-paths",
  },
  // Typed routes: no cast of a request's input, no assertion of a staff session, no `as unknown as`.
  {
    file: "server/admin/audit/routes.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = (request: FastifyRequest) => (request.query as { page?: string }).page;',
    rule: "no-restricted-syntax",
  },
  {
    file: "server/api/probe.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = (request: FastifyRequest) => request.body as Record<string, string>;',
    rule: "no-restricted-syntax",
  },
  {
    file: "server/admin/account/routes.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = (request: FastifyRequest) => request.staffSession!.email;',
    rule: "no-restricted-syntax",
  },
  { file: "server/static-probe.ts", code: "export const x = (value: string) => value as unknown as number;", rule: "no-restricted-syntax" },
  // …whatever the request is called, copied into or taken apart as.
  {
    file: "server/api/probe.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = (req: FastifyRequest) => req.body as Record<string, string>;',
    rule: "no-restricted-syntax",
  },
  {
    file: "server/api/probe.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = (request: FastifyRequest) => { const copy = request; return copy.query as { page?: string }; };',
    rule: "no-restricted-syntax",
  },
  {
    file: "server/admin/reports/routes.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = ({ query }: FastifyRequest) => query as { page?: string };',
    rule: "no-restricted-syntax",
  },
  // …nor under a name no selector knows: in a route file, no cast at all (breakage 3's variant, and a list checked with `includes` then cast).
  {
    file: "server/admin/guests/routes.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = (request: FastifyRequest) => { const posted = request.body; return (posted as { notes: string }).notes; };',
    rule: "@typescript-eslint/consistent-type-assertions",
  },
  {
    file: "server/api/probe.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = (request: FastifyRequest) => { const { body: sent } = request; return <{ name: string }>sent; };',
    rule: "@typescript-eslint/consistent-type-assertions",
  },
  {
    file: "server/admin/reports/routes.ts",
    code: 'const periods = ["day", "week"] as const;\nexport const x = (asked: string) => (periods as readonly string[]).includes(asked) ? (asked as (typeof periods)[number]) : "day";',
    rule: "@typescript-eslint/consistent-type-assertions",
  },
  // Words people read come from the catalogs: none written into a page (breakage 5), a staff view or a page the server writes, however it is put.
  {
    file: "app/components/wine/wine-detail.tsx",
    code: "export const Serving = () => <p>Serve at 16–18 °C. Free delivery in France.</p>;",
    rule: "no-restricted-syntax",
  },
  { file: "app/components/wine/wine-detail.tsx", code: 'export const Serving = () => <p>{"Serve at 16–18 °C."}</p>;', rule: "no-restricted-syntax" },
  {
    file: "app/routes/shop.tsx",
    code: 'export const Serving = ({ cold }: { cold: boolean }) => <p>{cold ? "Serve chilled" : null}</p>;',
    rule: "no-restricted-syntax",
  },
  {
    file: "app/components/wine/wine-card.tsx",
    code: 'export const Bottle = () => <img src="/b.png" alt="A bottle of the 2020" />;',
    rule: "no-restricted-syntax",
  },
  {
    file: "server/admin/guests/guest-views.tsx",
    code: "export const Vip = ({ name }: { name: string }) => <p>{`VIP guest: ${name}`}</p>;",
    rule: "no-restricted-syntax",
  },
  { file: "server/pages/visit.tsx", code: "export const Gone = () => <h1>Booking cancelled</h1>;", rule: "no-restricted-syntax" },
  {
    file: "server/admin/shared/layout.tsx",
    code: 'export const Close = ({ n }: { n: number }) => <button type="button" aria-label={`Close ${n}`}>×</button>;',
    rule: "no-restricted-syntax",
  },
  // E-mails are made by server/mail (breakage 7: the compiler refuses one written elsewhere, tests/types/outgoing-mail.ts); no cast or import gets round it.
  {
    file: "server/bookings/probe.ts",
    code: 'import type { OutgoingMail } from "#core/mail";\nexport const vip = (name: string) => ({ kind: "notification", to: "estate@example.org", replyTo: null, subject: `VIP guest: ${name}`, text: "", headers: {} }) as OutgoingMail;',
    rule: "no-restricted-syntax",
  },
  {
    file: "server/admin/guests/routes.ts",
    code: 'import { outgoingMail } from "../../mail/outgoing";\nexport const vip = (name: string) => outgoingMail({ kind: "notification", to: "estate@example.org", replyTo: null, subject: name, text: "", headers: {} });',
    rule: "import-x/no-restricted-paths",
  },
  // The bookings' rules have floors of their own.
  {
    file: "server/mail/probe.ts",
    code: 'import { bookingMails } from "../bookings/booking-mails";\nexport const x = bookingMails;',
    rule: "import-x/no-restricted-paths",
  },
  {
    file: "server/db/probe.ts",
    code: 'import { checkPlaces } from "../bookings/ledger";\nexport const x = checkPlaces;',
    rule: "import-x/no-restricted-paths",
  },
  {
    file: "server/bookings/probe.ts",
    code: 'import { registerAdmin } from "../admin/index";\nexport const x = registerAdmin;',
    rule: "import-x/no-restricted-paths",
  },
  { file: "server/bookings/probe.ts", code: 'import { tourRoutes } from "../api/tours";\nexport const x = tourRoutes;', rule: "import-x/no-restricted-paths" },
  // The plugins put the parts together; no part imports them.
  {
    file: "server/bookings/probe.ts",
    code: 'import { database } from "../plugins/database";\nexport const x = database;',
    rule: "import-x/no-restricted-paths",
  },
  { file: "server/api/probe.ts", code: 'import { mail } from "../plugins/mail";\nexport const x = mail;', rule: "import-x/no-restricted-paths" },
  { file: "server/pages/probe.tsx", code: 'import { bookings } from "../plugins/bookings";\nexport const x = bookings;', rule: "import-x/no-restricted-paths" },
  // The plugins have their floor: below the pages, the health checks, the API and the staff area.
  { file: "server/plugins/probe.ts", code: 'import { visitPage } from "../pages/visit";\nexport const x = visitPage;', rule: "import-x/no-restricted-paths" },
  // One zone per floor of server/: every pair is fenced, not only the listed ones (the review's three missed variants first).
  {
    file: "server/mail/calendar.ts",
    code: 'import { ServerDocument } from "../pages/document";\nexport const x = ServerDocument;',
    rule: "import-x/no-restricted-paths",
  },
  {
    file: "server/admin/calendar/routes.ts",
    code: 'import { tourRoutes } from "../../api/tours";\nexport const x = tourRoutes;',
    rule: "import-x/no-restricted-paths",
  },
  { file: "server/db/audit.ts", code: 'import { indexBuild } from "../static-files";\nexport const x = indexBuild;', rule: "import-x/no-restricted-paths" },
  { file: "server/db/probe.ts", code: 'import { projectDir } from "../project";\nexport const x = projectDir;', rule: "import-x/no-restricted-paths" },
  { file: "server/api/probe.ts", code: 'import { staffArea } from "../admin/index";\nexport const x = staffArea;', rule: "import-x/no-restricted-paths" },
  { file: "server/bookings/probe.ts", code: 'import { visitPage } from "../pages/visit";\nexport const x = visitPage;', rule: "import-x/no-restricted-paths" },
  {
    file: "server/mail/probe.ts",
    code: 'import { loadConfigOrExit } from "../config";\nexport const x = loadConfigOrExit;',
    rule: "import-x/no-restricted-paths",
  },
  { file: "server/health.ts", code: 'import { buildServer } from "./app";\nexport const x = buildServer;', rule: "import-x/no-restricted-paths" },
  {
    file: "server/forms/probe.ts",
    code: 'import { findSubmission } from "../db/inbox";\nexport const x = findSubmission;',
    rule: "import-x/no-restricted-paths",
  },
  // The server's own pages draw what they are given.
  { file: "server/pages/probe.tsx", code: 'import { tourRoutes } from "../api/tours";\nexport const x = tourRoutes;', rule: "import-x/no-restricted-paths" },
  // SQL lives in server/db: a route, a service or a page writer prepares no statement and runs no SQL text.
  {
    file: "server/admin/calendar/routes.ts",
    code: 'import type { Db } from "../../db/database";\nexport const x = (db: Db) => db.prepare("SELECT 1").get();',
    rule: "no-restricted-syntax",
  },
  {
    file: "server/bookings/probe.ts",
    code: 'import type { Db } from "../db/database";\nexport class X { constructor(private readonly db: Db) {}\n  run() { this.db.exec("DELETE FROM tour_waitlist"); } }',
    rule: "no-restricted-syntax",
  },
  {
    file: "server/api/probe.ts",
    code: 'import type { Db } from "../db/database";\nexport const x = (context: { db: Db }) => context.db.prepare("SELECT 1").all();',
    rule: "no-restricted-syntax",
  },
  // …whatever the connection is called (breakage 1's variants of the code review of 29 November 2026): a renamed copy running
  // SQL text, a `.pragma(`, a transaction on the connection a commit hands in, a method taken apart; known by its type.
  {
    file: "server/bookings/probe.ts",
    code: 'import type { Bookings } from "./deps";\nexport const x = (deps: Bookings) => {\n  const sqlite = deps.db;\n  sqlite.exec("UPDATE tour_slots SET capacity = 0");\n};',
    rule: "lescours/database-handle",
  },
  {
    file: "server/api/probe.ts",
    code: 'import type { Bookings } from "../bookings/deps";\nexport const x = (bookings: Bookings) => bookings.db.pragma("foreign_keys = OFF");',
    rule: "lescours/database-handle",
  },
  {
    file: "server/bookings/probe.ts",
    code: 'import type { Bookings } from "./deps";\nexport const x = (deps: Bookings) => deps.commits.run((tx) => tx.transaction(() => 1)());',
    rule: "lescours/database-handle",
  },
  {
    file: "server/pages/probe.tsx",
    code: 'import type { Bookings } from "../bookings/deps";\nexport const x = (deps: Bookings) => {\n  const { prepare } = deps.db;\n  return prepare;\n};',
    rule: "lescours/database-handle",
  },
  // The staff area holds no connection at all (issue 47): routes call use-cases and read models. Not its module nor its
  // library, not the context's connection passed to a server/db function, not one reached through the bookings' parts.
  {
    file: "server/admin/staff/routes.ts",
    code: 'import type { Db } from "../../db/database";\nexport type Handle = Db;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  {
    file: "server/admin/account/routes.ts",
    code: 'import Database from "better-sqlite3";\nexport const x = Database;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  {
    file: "server/admin/audit/routes.ts",
    code: 'import { auditPage } from "../../db/audit";\nimport type { AdminContext } from "../shared/context";\nexport const x = (context: AdminContext) => auditPage(context.bookings.db, 1, 100);',
    rule: "lescours/database-handle",
  },
  {
    file: "server/admin/calendar/routes.ts",
    code: 'import type { AdminContext } from "../shared/context";\nexport const x = (context: AdminContext) => {\n  const conn = context.bookings.db;\n  return conn.transaction(() => 0)();\n};',
    rule: "lescours/database-handle",
  },
  {
    // A route's own transaction, opened through the group commit: the connection it hands in is a connection too.
    file: "server/admin/new-booking/routes.ts",
    code: 'import { recordAudit } from "../../db/audit";\nimport type { AdminContext } from "../shared/context";\nexport const x = (context: AdminContext) =>\n  context.bookings.commits.run((tx) => recordAudit(tx, { actor: "a", action: "b" }, new Date()));',
    rule: "lescours/database-handle",
  },
  {
    file: "server/admin/experiences/routes.ts",
    code: 'import { afterVisitMailOn } from "../../db/tour-rules";\nimport type { Bookings } from "../../bookings/deps";\nexport const x = ({ db }: Bookings) => afterVisitMailOn(db);',
    rule: "lescours/database-handle",
  },
  // The server reads content through its store, never the module's own value (which a publish does not update).
  {
    file: "server/mail/probe.ts",
    code: 'import { content } from "#content";\nexport const x = content.site;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  {
    file: "server/bookings/probe.ts",
    code: 'import { content } from "../../content/index";\nexport const x = content.tours;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  // …nor reads the folder apart from the store, or finds it its own way (breakage 6's variants, the old stale-content bug among them).
  {
    file: "server/mail/staff-reply.ts",
    code: 'import { readFileSync } from "node:fs";\nimport { contentFile } from "#content";\nexport const site = JSON.parse(readFileSync(contentFile("site.json"), "utf8"));',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  {
    file: "server/admin/submission/reply-templates.ts",
    code: 'import { readContent } from "#content";\nexport const startupTemplates = readContent().replyTemplates;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  {
    file: "server/bookings/probe.ts",
    code: 'import { readFileSync } from "node:fs";\nimport { join } from "node:path";\nimport { projectDir } from "../project";\nexport const tours = () => JSON.parse(readFileSync(join(projectDir, "content", "tours.json"), "utf8"));',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  {
    file: "server/api/newsletter-pictures.ts",
    code: 'import { contentFile } from "#content";\nexport const picture = (scene: string) => contentFile("images", "scenes", `${scene}.jpg`);',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  // The content module keeps no value a test or a renderer could swap (the old `replaceContent()`, a module reset under another name)…
  {
    file: "content/index.ts",
    code: 'import type { Content } from "./schemas/site";\nlet parsed: Content | undefined;\nexport function replaceContent(next?: Content) { parsed = next; }\nexport const read = () => parsed;',
    rule: "no-restricted-syntax",
  },
  { file: "content/index.ts", code: "export let current = 0;", rule: "no-restricted-syntax" },
  // …and a page's view is handed its content by its loader, never reads the module's own.
  {
    file: "app/components/news/views.server.ts",
    code: 'import { content } from "#content";\nexport const newsView = () => content.news;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  // Content is fenced by its folder, not a list of its modules.
  {
    file: "app/components/wine/probe.tsx",
    code: 'import { estateNames } from "../../../content/names";\nexport const x = estateNames;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  {
    file: "app/components/wine/probe.tsx",
    code: 'import { wineSchema } from "../../../content/schemas/wine";\nexport const x = wineSchema;',
    rule: "@typescript-eslint/no-restricted-imports",
  },
  // The staff area by feature: a feature imports no other feature (nor the area's index), and shared/ imports none.
  {
    file: "server/admin/calendar/probe.tsx",
    code: 'import { GuestsPage } from "../guests/guest-views";\nexport const x = GuestsPage;',
    rule: "import-x/no-restricted-paths",
  },
  {
    file: "server/admin/submission/probe.ts",
    code: 'import { scheduleRoutes } from "../schedule/routes";\nexport const x = scheduleRoutes;',
    rule: "import-x/no-restricted-paths",
  },
  { file: "server/admin/inbox/probe.ts", code: 'import { staffArea } from "../index";\nexport const x = staffArea;', rule: "import-x/no-restricted-paths" },
  {
    file: "server/admin/shared/probe.ts",
    code: 'import { SignInPage } from "../session/sign-in-page";\nexport const x = SignInPage;',
    rule: "import-x/no-restricted-paths",
  },
  // A test waits for events, not for time: a fixed pause only in the named pacing helpers (tests/support/pacing.ts).
  {
    file: "server/__tests__/probe.test.ts",
    code: "export const settle = () => new Promise((resolve) => setTimeout(resolve, 500));",
    rule: "lescours/no-fixed-pause",
  },
  {
    file: "e2e/probe.test.ts",
    code: "export const settle = () => new Promise<void>((done) => { globalThis.setTimeout(() => done(), 500); });",
    rule: "lescours/no-fixed-pause",
  },
  // …under a renamed import, a namespace, a dynamic import or a require.
  {
    file: "server/__tests__/probe.test.ts",
    code: 'import { setTimeout as later } from "node:timers/promises";\nexport const settle = () => later(500);',
    rule: "lescours/no-fixed-pause",
  },
  {
    file: "pipeline/__tests__/probe.test.ts",
    code: 'import * as timers from "timers/promises";\nexport const settle = () => timers.setTimeout(500);',
    rule: "lescours/no-fixed-pause",
  },
  {
    file: "e2e/support/probe.ts",
    code: 'export const settle = async () => (await import("node:timers/promises")).scheduler.wait(500);',
    rule: "lescours/no-fixed-pause",
  },
  {
    file: "tests/probe.test.ts",
    code: 'import { promisify } from "node:util";\nexport const settle = () => promisify(setTimeout)(500);',
    rule: "lescours/no-fixed-pause",
  },
  {
    file: "e2e/probe.test.ts",
    code: 'import type { Page } from "@playwright/test";\nexport const settle = (page: Page) => page.waitForTimeout(500);',
    rule: "lescours/no-fixed-pause",
  },
  {
    file: "app/lib/__tests__/probe.test.ts",
    code: "declare const sleep: (ms: number) => Promise<void>;\nexport const settle = () => sleep(500);",
    rule: "lescours/no-fixed-pause",
  },
];

const allowed: Omit<Probe, "rule">[] = [
  { file: "app/components/wine/probe.tsx", code: 'import type { Wine } from "#content";\nexport type X = Wine;' },
  { file: "app/lib/content.server.ts", code: 'import { content } from "#content";\nexport const x = content;' },
  { file: "app/components/wine/probe.server.ts", code: 'import type { Content } from "#content";\nexport const x = (content: Content) => content.wines;' },
  { file: "app/lib/probe.server.ts", code: 'import { messagesFor } from "#locales";\nexport const x = messagesFor;' },
  { file: "pipeline/probe.ts", code: 'import { wineTitle } from "#presentation/wine-format";\nexport const x = wineTitle;' },
  { file: "server/admin/probe.ts", code: 'import { enqueueMail } from "../db/outbox";\nexport const x = enqueueMail;' },
  {
    file: "server/admin/guests/routes.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = (request: FastifyRequest) => request.staffSession?.email ?? "";',
  },
  { file: "server/probe.ts", code: 'export const x = ["a", "b"] as const;' },
  { file: "server/admin/reports/routes.ts", code: 'export const periods = ["day", "week"] as const;' },
  {
    file: "app/components/wine/wine-detail.tsx",
    code: 'const t = (id: string) => id;\nexport const Line = ({ count }: { count: number }) => <p className="mt-2">{t("wine.specs.title")} · {count} — (</p>;',
  },
  { file: "server/bookings/probe.ts", code: 'import { placesHeld } from "../db/tour-ledger";\nexport const x = placesHeld;' },
  { file: "server/app.ts", code: 'import { bookings } from "./plugins/bookings";\nexport const x = bookings;' },
  {
    file: "server/plugins/probe.ts",
    code: 'import { ScheduleSource } from "../bookings/deps";\nimport { openDataDir } from "../startup";\nexport const x = [ScheduleSource, openDataDir];',
  },
  { file: "server/admin/submission/probe.ts", code: 'import { cancelByStaff } from "../../bookings/cancel";\nexport const x = cancelByStaff;' },
  { file: "server/api/probe.ts", code: 'import { visitPage } from "../pages/visit";\nexport const x = visitPage;' },
  { file: "server/mail/probe.ts", code: 'import { projectDir } from "../project";\nexport const x = projectDir;' },
  {
    file: "server/mail/staff/probe.ts",
    code: 'import { outgoingMail } from "../outgoing";\nexport const x = outgoingMail({ kind: "notification", to: "a@example.org", replyTo: null, subject: "s", text: "", headers: {} });',
  },
  { file: "server/app.ts", code: 'import { checkHealth } from "./health";\nexport const x = checkHealth;' },
  { file: "server/db/probe.ts", code: 'import { serverForms } from "../forms";\nexport const x = serverForms;' },
  { file: "server/db/probe.ts", code: 'import type { Db } from "./database";\nexport const x = (db: Db) => db.prepare("SELECT 1").get();' },
  { file: "server/probe.ts", code: "export const x = (text: string) => /^(\\d+)$/.exec(text);" },
  // A method of that name on anything but a connection; a use-case handed the staff's parts, in the staff area.
  { file: "server/bookings/probe.ts", code: "const pattern = /^SELECT/;\nexport const x = (text: string) => pattern.exec(text);" },
  {
    file: "server/admin/audit/routes.ts",
    code: 'import { auditLogPage } from "../../staff/audit-log";\nimport type { AdminContext } from "../shared/context";\nexport const x = (context: AdminContext) => auditLogPage(context.accounts, 1, 100);',
  },
  { file: "server/staff/probe.ts", code: 'import type { StaffAccounts } from "./deps";\nexport const x = (deps: StaffAccounts) => deps.commits.run(() => 1);' },
  {
    file: "server/content-store.ts",
    code: 'import { readContent, type Content } from "#content";\nexport const x = (dir: string): Content => readContent(dir);',
  },
  { file: "server/admin/content/validate.ts", code: 'import { readContent } from "#content";\nexport const x = (copy: string) => readContent(copy);' },
  { file: "server/mail/probe.ts", code: 'import type { Content } from "#content";\nexport type X = Content["site"];' },
  {
    file: "server/admin/calendar/probe.tsx",
    code: 'import { guestHref } from "../shared/links";\nimport { placesText } from "./calendar-page";\nexport const x = [guestHref, placesText];',
  },
  { file: "server/admin/probe.ts", code: 'import { inboxRoutes } from "./inbox/routes";\nexport const x = inboxRoutes;' },
  // The named pacing helpers, and a timer that is no pause: a last-resort limit that rejects, a stand-in's late answer.
  { file: "server/__tests__/probe.test.ts", code: 'import { pace } from "../../tests/support/pacing";\nexport const load = () => pace(200);' },
  { file: "tests/support/pacing.ts", code: "export const pace = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));" },
  {
    file: "e2e/support/probe.ts",
    code: 'export const limit = (ms: number) => new Promise((_resolve, reject) => setTimeout(() => reject(new Error("hung")), ms));',
  },
  { file: "server/__tests__/probe.test.ts", code: "export const answerLater = (answer: () => void) => setTimeout(answer, 300);" },
  // Production code paces itself as it must (a retry's back-off): the rule is the tests'.
  { file: "server/probe.ts", code: "export const backOff = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));" },
];

let eslint: ESLint;
beforeAll(() => {
  // no-cycle walks the whole import graph and is not what these probes test.
  // The probes that name no file of the project are read with the project's compiler options (the typed rules need them).
  eslint = new ESLint({
    overrideConfig: [
      { rules: { "import-x/no-cycle": "off" } },
      {
        files: ["server/**/*.{ts,tsx}"],
        ignores: ["server/db/**", "**/__tests__/**"],
        languageOptions: {
          parserOptions: {
            projectService: {
              allowDefaultProject: ["server/*probe.ts", "server/*/probe.ts", "server/*/probe.tsx", "server/*/*/probe.ts", "server/*/*/probe.tsx"],
              defaultProject: "tsconfig.json",
              // Each probe is a few lines; they are the only files read this way.
              maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 100,
            },
          },
        },
      },
    ],
  });
});

const problems = async (probe: { file: string; code: string }) => {
  const [result] = await eslint.lintText(probe.code, { filePath: probe.file });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
};

// The first probe pays for loading the parser and the resolver: on a busy machine, seconds.
describe("the lint floors", () => {
  it.each(refused)("refuses $file importing $code", async (probe) => {
    const found = await problems(probe);
    expect(
      found.some((line) => line.startsWith(`${probe.rule}:`)),
      found.join("\n") || "no problem reported",
    ).toBe(true);
  });

  it.each(allowed)("lets $file import $code", async (probe) => {
    expect(await problems(probe)).toEqual([]);
  });
});
