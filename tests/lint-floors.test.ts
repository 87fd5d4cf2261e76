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
    | "no-restricted-syntax"
    | "no-restricted-properties"
    | "lescours/no-fixed-pause";
}

const refused: Probe[] = [
  // A staff route's body names its fields.
  {
    file: "server/admin/routes/probe.ts",
    code: 'import { staffForm } from "../context";\nexport const schema = { body: staffForm };',
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
    file: "server/admin/routes/probe.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = (request: FastifyRequest) => (request.query as { page?: string }).page;',
    rule: "no-restricted-syntax",
  },
  {
    file: "server/api/probe.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = (request: FastifyRequest) => request.body as Record<string, string>;',
    rule: "no-restricted-syntax",
  },
  {
    file: "server/admin/routes/probe.ts",
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
    file: "server/admin/routes/probe.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = ({ query }: FastifyRequest) => query as { page?: string };',
    rule: "no-restricted-syntax",
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
  // The server's own pages draw what they are given.
  { file: "server/pages/probe.tsx", code: 'import { tourRoutes } from "../api/tours";\nexport const x = tourRoutes;', rule: "import-x/no-restricted-paths" },
  // SQL lives in server/db: a route, a service or a page writer prepares no statement and runs no SQL text.
  {
    file: "server/admin/routes/probe.ts",
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
  { file: "app/components/wine/probe.server.ts", code: 'import { content } from "#content";\nexport const x = content;' },
  { file: "app/lib/probe.server.ts", code: 'import { messagesFor } from "#locales";\nexport const x = messagesFor;' },
  { file: "pipeline/probe.ts", code: 'import { wineTitle } from "#presentation/wine-format";\nexport const x = wineTitle;' },
  { file: "server/admin/probe.ts", code: 'import { enqueueMail } from "../db/outbox";\nexport const x = enqueueMail;' },
  {
    file: "server/admin/routes/probe.ts",
    code: 'import type { FastifyRequest } from "fastify";\nexport const x = (request: FastifyRequest) => request.staffSession?.email ?? "";',
  },
  { file: "server/probe.ts", code: 'export const x = ["a", "b"] as const;' },
  { file: "server/bookings/probe.ts", code: 'import { placesHeld } from "../db/tour-ledger";\nexport const x = placesHeld;' },
  { file: "server/probe.ts", code: 'import { bookings } from "./plugins/bookings";\nexport const x = bookings;' },
  { file: "server/db/probe.ts", code: 'import type { Db } from "./database";\nexport const x = (db: Db) => db.prepare("SELECT 1").get();' },
  { file: "server/probe.ts", code: "export const x = (text: string) => /^(\\d+)$/.exec(text);" },
  { file: "server/probe.ts", code: 'import { readContent, type Content } from "#content";\nexport const x = (dir: string): Content => readContent(dir);' },
  { file: "server/admin/submission/probe.ts", code: 'import { cancelByStaff } from "../../bookings/cancel";\nexport const x = cancelByStaff;' },
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
  eslint = new ESLint({ overrideConfig: { rules: { "import-x/no-cycle": "off" } } });
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
