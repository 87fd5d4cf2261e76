import type { FastifyReply, FastifyRequest } from "fastify";
import type { ReactElement } from "react";
import Negotiator from "negotiator";
import { z } from "zod";
import { defaultLanguage } from "#core/languages";
import { adminLanguages, isAdminLanguage, type AdminLanguage } from "#locales/admin";
import type { Config } from "../../config";
import type { SignInThrottle } from "../../db/sign-in-throttle";
import { randomToken, sessionLifetimeMs, type StaffSession, type StaffStore } from "../../db/staff";
import type { ReplyContext } from "../../mail/booking-reply";
import type { Bookings } from "../../bookings/deps";
import type { ContentStore } from "../../content-store";
import type { BackupStatus } from "../../backup/status";
import { cookieNames, cookieOptions, readCookie, servedOverHttps } from "./cookies";
import { waitingCounts } from "../../staff/nav-counts";
import type { StaffAccounts } from "../../staff/deps";
import { renderPage } from "./render";
import { contentRoles, inboxRoles, roleAllows } from "./roles";
import { estateTimeZone, viewContext, type ScheduleAlertView, type ViewContext } from "./view-context";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in staff member's session (inbox routes only), or null. */
    staffSession: StaffSession | null;
  }
}

/** What the inbox's routes share. */
export interface AdminContext {
  config: Config;
  /** What the use-cases of the staff's accounts are handed (server/staff/deps.ts): routes pass it on, never open it. */
  accounts: StaffAccounts;
  staff: StaffStore;
  throttle: SignInThrottle;
  /** The key of the audit log's address digests, made in DATA_DIR on first use (server/db/audit-key.ts). */
  auditKey: () => Buffer;
  now: () => Date;
  /** A new e-mail is in the outbox: send it soon (no-op without SMTP_URL). */
  kickMail: () => void;
  /** The content the server speaks with, read again when a publish goes live (../content-store.ts). */
  content: ContentStore;
  /** What the tour bookings' use-cases are handed (server/bookings/deps.ts). */
  bookings: Bookings;
  /** The backups' state now (server/backup/), shown to admin accounts. */
  backupStatus: () => BackupStatus;
  /** Scheduled publishes cut short or failed, not yet seen, in a language (server/admin/content/schedule.ts): shown to the staff who edit the content. */
  scheduleAlerts: (lang: AdminLanguage) => ScheduleAlertView[];
}

/** The inbox's language: the staff member's choice (a cookie), else the browser's preference between English and French (negotiator). */
function adminLanguage(request: FastifyRequest, https: boolean): AdminLanguage {
  const chosen = readCookie(request, cookieNames(https).language);
  if (isAdminLanguage(chosen)) return chosen;
  const [best] = new Negotiator({ headers: { "accept-language": request.headers["accept-language"] ?? "" } }).languages([...adminLanguages]);
  return isAdminLanguage(best) ? best : defaultLanguage;
}

/**
 * The sign-in form's CSRF token: the one in the browser's cookie, or a new one set now. The form
 * repeats it in a hidden field; a POST whose field and cookie differ did not come from the form
 * (double-submit cookie, safe here because the `__Host-` cookie cannot be set from elsewhere).
 */
export function signInToken(context: AdminContext, request: FastifyRequest, reply: FastifyReply): string {
  const https = servedOverHttps(context.config, request);
  const name = cookieNames(https).signIn;
  const existing = readCookie(request, name);
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomToken();
  reply.setCookie(name, token, cookieOptions(https, sessionLifetimeMs / 1000));
  return token;
}

/**
 * The address of the page a request shows, for the language switch to come back to: its own for a
 * GET; for a form's answer (a refused form shown again), the page the form was on, as the browser's
 * Referer names it (a POST's address has no page to come back to), else the inbox.
 */
function pagePath(request: FastifyRequest): string {
  if (request.method === "GET" || request.method === "HEAD") return request.url;
  try {
    const referer = new URL(request.headers.referer ?? "");
    return referer.pathname.startsWith("/admin") ? `${referer.pathname}${referer.search}` : "/admin";
  } catch {
    return "/admin";
  }
}

/** The view every page of this request is rendered with. */
export function viewFor(context: AdminContext, request: FastifyRequest, reply: FastifyReply): ViewContext {
  const https = servedOverHttps(context.config, request);
  const lang = adminLanguage(request, https);
  return viewContext({
    lang,
    csrfToken: request.staffSession?.csrfToken ?? signInToken(context, request, reply),
    staffEmail: request.staffSession?.email ?? null,
    staffRole: request.staffSession?.role ?? null,
    path: pagePath(request),
    estateName: context.content.current.site.estateName,
    tourName: (id) => context.content.tourName(id, lang),
    ...(request.staffSession && roleAllows(inboxRoles, request.staffSession.role) ? { todo: waitingCounts(context.accounts) } : {}),
    ...(request.staffSession?.role === "admin" ? { backup: context.backupStatus() } : {}),
    ...(request.staffSession && roleAllows(contentRoles, request.staffSession.role) ? { scheduleAlerts: context.scheduleAlerts(lang) } : {}),
  });
}

/** Sends a rendered page. */
export function sendPage(reply: FastifyReply, status: number, page: ReactElement) {
  return reply.status(status).type("text/html; charset=utf-8").send(renderPage(page));
}

/**
 * A staff form post as @fastify/formbody reads it: each field sent once, as text. A name sent twice
 * (a list) is refused with 400 naming it (./staff-guard.ts); a POST without a body reads as no
 * fields. A route does not take this bag of strings as its body: it gives its form as a zod object
 * of the fields, through `checkedForm` (which reads the post through this) or `buttonForm`
 * (./staff-form.ts).
 */
export const staffForm = z.record(z.string(), z.string()).default({});

/**
 * A value of a staff page's query string: text, or absent when it is not there or is sent twice.
 * A query is never refused as a whole: each page ignores or names what it cannot use, as before.
 */
export const queryText = z.string().optional().catch(undefined);

/** The CSRF token a form post carries, read before the route's schema (./index.ts checks it first). */
export function sentCsrfToken(request: FastifyRequest): unknown {
  const body = request.body;
  return typeof body === "object" && body !== null && "_csrf" in body ? body._csrf : undefined;
}

/**
 * The session of a route behind the role guard (./index.ts: no session, no route unless public).
 * Throws (500, logged) if a route was reached without one, which would mean the guard was skipped.
 */
export function staffOf(request: FastifyRequest): StaffSession {
  const session = request.staffSession;
  if (!session) throw new Error(`admin: ${request.method} ${request.routeOptions.url ?? ""} reached without a session: the role guard was skipped`);
  return session;
}

/** What a mail to a visitor from the staff area needs of the estate, as the content says it now. */
export function replyContext(context: AdminContext): ReplyContext {
  const { content } = context;
  return {
    ...content.estateFacts(),
    siteUrl: context.config.SITE_URL,
    timeZone: estateTimeZone,
    durationMinutes: content.current.tours.facts.durationMinutes,
    tourName: (pkg, lang) => content.tourName(pkg, lang),
  };
}
