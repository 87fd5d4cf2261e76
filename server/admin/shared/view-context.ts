import { formatTime as formatSiteTime } from "#core/format";
import { isLanguage } from "#core/languages";
import { translator } from "#locales";
import { adminDateTags, adminTranslator, type AdminLanguage, type AdminMessageId } from "#locales/admin";
import type { BackupStatus } from "../../backup/status";
import { kindOfType, typeMessage, type InboxStatus, type InboxType } from "../../forms";
import type { StaffRole } from "../../db/staff";

import { staffDay, staffMoment } from "../../mail/staff-clock";

/** The estate's time zone: the staff's clock, for dates shown and times typed. */
export { estateTimeZone } from "../../mail/staff-clock";

/** What every page of the inbox is rendered with. */
export interface ViewContext {
  lang: AdminLanguage;
  /** The inbox's messages (locales/admin/). */
  t: (id: AdminMessageId, values?: Record<string, string | number | Date>) => string;
  /** The site's messages in the same language: the forms' field labels come from there. */
  siteT: (id: string) => string;
  /** The token every form of the page carries (the session's, or the sign-in form's). */
  csrfToken: string;
  /** The signed-in staff member, or null on the sign-in page. */
  staffEmail: string | null;
  /** Their role, or null on the sign-in pages: the navigation shows what it opens. */
  staffRole: StaffRole | null;
  /** The page's own path and query: the language switch comes back to it. */
  path: string;
  estateName: string;
  /** How many submissions of each form wait for an answer, for staff whose role opens the inbox (the navigation's counts). */
  todo?: Record<InboxType, number>;
  /** The backups' state, for admin accounts (the staff page says it; every page warns when it is late or failed). */
  backup?: BackupStatus;
  /** A tour's name in the staff's language, as the content says it now (its id when there is no such tour). */
  tourName: (id: string) => string;
  /** Scheduled publishes the server's stop cut short, or that failed, not yet seen: for the staff who edit the content (every page says so). */
  scheduleAlerts?: ScheduleAlertView[];
}

/** A scheduled moment whose publish was cut short or failed, as the staff pages' alert says it. */
export interface ScheduleAlertView {
  type: string;
  item: string;
  /** The item's title in the staff member's language. */
  title: string;
  action: "publish" | "unpublish";
  runAt: string;
  /** When the server found its publish cut short (null: it failed). */
  interruptedAt: string | null;
  /** Where its publish stands now (null: waiting for its turn). */
  status: "queued" | "building" | "switching" | "done" | "failed" | "interrupted" | null;
  finishedAt: string | null;
}

export function viewContext(fields: Omit<ViewContext, "t" | "siteT">): ViewContext {
  const site = translator(fields.lang).t as (id: string) => string;
  return { ...fields, t: adminTranslator(fields.lang).t, siteT: site };
}

/** A form's name in the inbox's language. */
export const typeName = (view: ViewContext, type: InboxType) => view.t(typeMessage(kindOfType(type)));

const roleMessages: Record<StaffRole, AdminMessageId> = { admin: "roles.admin", editor: "roles.editor", inbox: "roles.inbox" };

/** A role in the inbox's language. */
export const roleName = (view: ViewContext, role: StaffRole) => view.t(roleMessages[role]);

/** A status in the inbox's language. */
export const statusName = (view: ViewContext, status: InboxStatus) => view.t(`status.${status}` as AdminMessageId);

/** A stored time (ISO 8601, UTC) as the estate's clock shows it: "Mon 23 Nov 2026, 13:05", « lun. 23 nov. 2026 à 13 h 05 ». */
export function formatTime(view: Pick<ViewContext, "lang">, iso: string): string {
  return staffMoment(iso, view.lang);
}

/**
 * How long ago, in the staff's language: "45 seconds ago", "12 minutes ago", « il y a 3 heures »,
 * "2 days ago" (the largest unit under which the number stays small).
 */
export function formatAge(view: Pick<ViewContext, "lang">, seconds: number): string {
  const format = new Intl.RelativeTimeFormat(adminDateTags[view.lang], { numeric: "always" });
  if (seconds < 60) return format.format(-Math.round(seconds), "second");
  if (seconds < 90 * 60) return format.format(-Math.round(seconds / 60), "minute");
  if (seconds < 48 * 3600) return format.format(-Math.round(seconds / 3600), "hour");
  return format.format(-Math.round(seconds / 86_400), "day");
}

/** A language in the staff member's own language ("Chinese", « chinois »), not in itself. */
export function languageLabel(view: Pick<ViewContext, "lang">, code: string): string {
  if (!isLanguage(code)) return code;
  return new Intl.DisplayNames([adminDateTags[view.lang]], { type: "language" }).of(code) ?? code;
}

/** A calendar day (`YYYY-MM-DD`) as the staff read it: "Sat 5 Dec 2026", « mar. 1er déc. 2026 ». */
export function formatDay(view: Pick<ViewContext, "lang">, day: string): string {
  return staffDay(day, view.lang);
}

/** A calendar day without its year, as a calendar's lines name it: "Sat 5 Dec", « sam. 5 déc. », « mar. 1er déc. ». */
export function formatShortDay(view: Pick<ViewContext, "lang">, day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return day;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const parts = new Intl.DateTimeFormat(adminDateTags[view.lang], { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }).formatToParts(date);
  return parts.map((part) => (part.type === "day" && view.lang === "fr" && part.value === "1" ? "1er" : part.value)).join("");
}

/** A tour's local time (`HH:MM`) as the staff read it: "10:00" in English, « 10 h », « 10 h 30 » in French. */
export const formatClock = (view: Pick<ViewContext, "lang">, time: string) => (view.lang === "fr" ? formatSiteTime(time, "fr") : time);

/** How long to wait before the next attempt: seconds under two minutes, whole minutes beyond. */
export function waitMessage(view: ViewContext, seconds: number): string {
  return seconds < 120 ? view.t("signIn.waitSeconds", { seconds }) : view.t("signIn.waitMinutes", { minutes: Math.ceil(seconds / 60) });
}

/** A day (`YYYY-MM-DD`) in the staff's language. */
export function dayName(view: ViewContext, day: string): string {
  const text = new Intl.DateTimeFormat(adminDateTags[view.lang], { dateStyle: "full", timeZone: "UTC" }).format(new Date(`${day}T00:00:00Z`));
  // French writes the first of the month as an ordinal: « mardi 1er décembre 2026 ».
  return view.lang === "fr" ? text.replace(/^(\S+) 1 /, "$1 1er ") : text;
}
