import type { FastifyReply, FastifyRequest } from "fastify";
import type { ReactElement } from "react";
import Negotiator from "negotiator";
import { defaultLanguage } from "#core/languages";
import { adminLanguages, isAdminLanguage, type AdminLanguage } from "#locales/admin";
import type { Config } from "../config";
import type { Db } from "../db/database";
import type { SignInThrottle } from "../db/sign-in-throttle";
import { randomToken, sessionLifetimeMs, type StaffSession, type StaffStore } from "../db/staff";
import type { ReplyContext } from "../mail/booking-reply";
import type { TourService } from "../bookings/service";
import { cookieNames, cookieOptions, readCookie, servedOverHttps } from "./cookies";
import { todoCounts } from "../db/inbox";
import { renderPage } from "./render";
import { inboxRoles, roleAllows } from "./roles";
import { viewContext, type ViewContext } from "./view-context";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in staff member's session (inbox routes only), or null. */
    staffSession: StaffSession | null;
  }
}

/** What the inbox's routes share. */
export interface AdminContext {
  config: Config;
  db: Db;
  staff: StaffStore;
  throttle: SignInThrottle;
  /** The key of the audit log's address digests, made in DATA_DIR on first use (server/db/audit-key.ts). */
  auditKey: () => Buffer;
  now: () => Date;
  /** A new e-mail is in the outbox: send it soon (no-op without SMTP_URL). */
  kickMail: () => void;
  reply: ReplyContext;
  estateName: string;
  /** The tour schedule and the bookings' slots (server/bookings/). */
  tours: TourService;
}

/** The inbox's language: the staff member's choice (a cookie), else the browser's preference between English and French (negotiator). */
export function adminLanguage(request: FastifyRequest, https: boolean): AdminLanguage {
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

/** The view every page of this request is rendered with. */
export function viewFor(context: AdminContext, request: FastifyRequest, reply: FastifyReply): ViewContext {
  const https = servedOverHttps(context.config, request);
  return viewContext({
    lang: adminLanguage(request, https),
    csrfToken: request.staffSession?.csrfToken ?? signInToken(context, request, reply),
    staffEmail: request.staffSession?.email ?? null,
    staffRole: request.staffSession?.role ?? null,
    path: request.url,
    estateName: context.estateName,
    ...(request.staffSession && roleAllows(inboxRoles, request.staffSession.role) ? { todo: todoCounts(context.db) } : {}),
  });
}

/** Sends a rendered page. */
export function sendPage(reply: FastifyReply, status: number, page: ReactElement) {
  return reply.status(status).type("text/html; charset=utf-8").send(renderPage(page));
}

/**
 * The text fields of a POST, as strings. The URL-encoded parser gives nothing else; a content
 * form posted as multipart (a picture upload) also carries files, and a name sent twice there is
 * a list: the files are left out (see `formFiles` in routes/content.ts) and a repeated name gives
 * its last value, as the URL-encoded parser does.
 */
export function formFields(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  if (typeof body !== "object" || body === null) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    const last = Array.isArray(value) ? value.at(-1) : value;
    if (typeof last === "string") fields[name] = last;
  }
  return fields;
}
