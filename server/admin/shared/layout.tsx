import type { ReactNode } from "react";
import { languageNames } from "#core/languages";
import { adminLanguages } from "#locales/admin";
import { contentRoles, inboxRoles, roleAllows, scheduleRoles } from "./roles";
import { answeredTypes } from "../../db/inbox";
import { inboxTypes, kindOfType, navMessage, type InboxType } from "../../forms";
import { formatTime, type ScheduleAlertView, type ViewContext } from "./view-context";
import { BackupAlert } from "./backup-status";

/** The hidden field that carries the CSRF token in every form. */
export function CsrfField({ view }: { view: ViewContext }) {
  return <input type="hidden" name="_csrf" value={view.csrfToken} />;
}

/** A notice above the page's content: a result or a problem. */
export function Notice({ tone, children }: { tone: "done" | "problem"; children: ReactNode }) {
  return (
    <p className={`notice notice-${tone}`} role={tone === "problem" ? "alert" : "status"}>
      {children}
    </p>
  );
}

/** What was refused, one line each, in one alert above the page (nothing when all is well). */
export function Problems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <Notice tone="problem">
      {problems.map((problem) => (
        <span key={problem} className="problem">
          {problem}
        </span>
      ))}
    </Notice>
  );
}

/** English or French: a small form, since changing the language changes a cookie. */
function LanguageSwitch({ view }: { view: ViewContext }) {
  return (
    <form method="post" action="/admin/language" className="language-switch">
      <CsrfField view={view} />
      <input type="hidden" name="back" value={view.path} />
      <span>{view.t("layout.language")}</span>
      {adminLanguages.map((lang) => (
        <button key={lang} type="submit" name="lang" value={lang} lang={lang} aria-pressed={lang === view.lang} disabled={lang === view.lang}>
          {languageNames[lang]}
        </button>
      ))}
    </form>
  );
}

/** A staff page's link in the navigation, marked as the page in view when it is. */
interface StaffLink {
  href: string;
  label: string;
}

/**
 * The staff pages a role may open, in the order the office manager uses them: the inbox and the
 * calendar first (on a phone they stay in view; the rest fold into the menu), then the guests and
 * what is sold, then the site, then the settings and the records.
 */
function staffLinks(view: ViewContext): StaffLink[] {
  const role = view.staffRole;
  const may = (roles: Parameters<typeof roleAllows>[0]) => role !== null && roleAllows(roles, role);
  const link = (href: string, key: Parameters<ViewContext["t"]>[0]) => ({ href, label: view.t(key) });
  return [
    ...(may(inboxRoles)
      ? [
          link("/admin", "layout.nav.inbox"),
          link("/admin/calendar", "layout.nav.calendar"),
          link("/admin/guests", "layout.nav.guests"),
          link("/admin/vouchers", "layout.nav.vouchers"),
          link("/admin/reports", "layout.nav.reports"),
        ]
      : []),
    ...(may(contentRoles) ? [link("/admin/content", "layout.nav.content"), link("/admin/newsletter", "layout.nav.newsletter")] : []),
    ...(may(scheduleRoles) ? [link("/admin/schedule", "layout.nav.schedule"), link("/admin/experiences", "layout.nav.experiences")] : []),
    ...(role === "admin" ? [link("/admin/staff", "layout.nav.staff")] : []),
    ...(may(inboxRoles) ? [link("/admin/privacy", "layout.nav.privacy"), link("/admin/audit", "layout.nav.audit")] : []),
    link("/admin/account", "layout.nav.account"),
  ];
}

/** How many links stay in view on a phone before the menu. */
const linksInView = 2;

/** Whether `href` is the page in view (the inbox only at its own address; a section at its pages too). */
function isCurrent(href: string, path: string): boolean {
  const pathname = path.split("?")[0]!;
  return href === "/admin" ? pathname === "/admin" : pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * The staff area's navigation. On a desk every link is in one row; on a phone the first two stay
 * in view and the others, the account and signing out fold into a menu (a `details`, so it works
 * without a script), which keeps the day's work on the first screen.
 */
function Navigation({ view, email }: { view: ViewContext; email: string }) {
  const links = staffLinks(view).map(({ href, label }) => (
    <a key={href} href={href} aria-current={isCurrent(href, view.path) ? "page" : undefined}>
      {label}
    </a>
  ));
  return (
    <nav aria-label={view.t("layout.navigation")} className="admin-nav">
      {links.slice(0, linksInView)}
      <details className="admin-menu">
        <summary>{view.t("layout.menu")}</summary>
        {links.slice(linksInView)}
        <span className="signed-in">{view.t("layout.signedInAs", { email })}</span>
        <form method="post" action="/admin/logout">
          <CsrfField view={view} />
          <button type="submit">{view.t("layout.signOut")}</button>
        </form>
        <LanguageSwitch view={view} />
      </details>
    </nav>
  );
}

/** Each form of the inbox, with how many of its submissions wait for an answer. */
function FormNavigation({ view, todo }: { view: ViewContext; todo: Record<InboxType, number> }) {
  return (
    <nav aria-label={view.t("layout.nav.forms")} className="form-nav">
      {inboxTypes.map((type) => (
        <a key={type} href={`/admin?type=${type}`}>
          {view.t(navMessage(kindOfType(type)))}
          {answeredTypes.includes(type) ? (
            <span className={todo[type] > 0 ? "badge" : "badge badge-none"} aria-label={view.t("layout.nav.todo", { count: todo[type] })}>
              {todo[type]}
            </span>
          ) : null}
        </a>
      ))}
    </nav>
  );
}

/**
 * Every staff page: no index, one stylesheet from this server; the content editor's pages add its
 * script (`script`), which only adds to what works without it, and may use the whole width of a
 * desk (`wide`: the form and its live preview side by side).
 */
export function Layout({
  view,
  title,
  children,
  refreshSeconds,
  script,
  wide = false,
}: {
  view: ViewContext;
  title: string;
  children: ReactNode;
  refreshSeconds?: number;
  script?: string;
  wide?: boolean;
}) {
  return (
    <html lang={view.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} — ${view.t("layout.title")} — ${view.estateName}`}</title>
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/admin/assets/admin.css" />
        {/* A page following work in the background (a publish) reloads itself: no script needed. */}
        {refreshSeconds ? <meta httpEquiv="refresh" content={String(refreshSeconds)} /> : null}
        {script ? <script type="module" src={script} /> : null}
      </head>
      <body>
        <header className="admin-header">
          <p className="admin-brand">
            {view.estateName} · {view.t("layout.title")}
          </p>
          {view.staffEmail ? <Navigation view={view} email={view.staffEmail} /> : <LanguageSwitch view={view} />}
          {view.todo ? <FormNavigation view={view} todo={view.todo} /> : null}
        </header>
        <main className={wide ? "admin-main wide" : "admin-main"}>
          <h1>{title}</h1>
          <BackupAlert view={view} />
          <ScheduleAlert view={view} />
          {children}
        </main>
      </body>
    </html>
  );
}

/** Where the publish of an alert's moment stands now, in words. */
function stateOf(view: ViewContext, alert: ScheduleAlertView): string {
  if (alert.status === "done") return view.t("scheduleAlert.done", { when: formatTime(view, alert.finishedAt ?? alert.runAt) });
  if (alert.status === "failed") return view.t(alert.interruptedAt ? "scheduleAlert.failed" : "scheduleAlert.seeWhy");
  return view.t("scheduleAlert.running");
}

/**
 * Above every page of the staff who edit the content, until one of them has seen it: a scheduled
 * publish that the server's stop cut short (published again at its start) or that failed. The item
 * was meant to go online (or come off) at a time nobody watches, so a line in the publish list is
 * not enough.
 */
function ScheduleAlert({ view }: { view: ViewContext }) {
  const alerts = view.scheduleAlerts ?? [];
  if (alerts.length === 0) return null;
  return (
    <section className="schedule-alert" role="alert" aria-labelledby="schedule-alert-title">
      <strong id="schedule-alert-title">{view.t("scheduleAlert.title", { count: alerts.length })}</strong>
      <ul>
        {alerts.map((alert) => (
          <li key={`${alert.type}/${alert.item}/${alert.action}/${alert.runAt}`}>
            {view.t(alert.interruptedAt ? "scheduleAlert.interrupted" : "scheduleAlert.failedMoment", {
              title: alert.title,
              when: formatTime(view, alert.runAt),
              action: alert.action,
            })}{" "}
            {stateOf(view, alert)}
          </li>
        ))}
      </ul>
      <form method="post" action="/admin/content/alerts/seen" className="inline-form">
        <CsrfField view={view} />
        <input type="hidden" name="back" value={view.path} />
        <a href="/admin/content/publish">{view.t("scheduleAlert.open")}</a>{" "}
        <button type="submit" className="secondary">
          {view.t("scheduleAlert.seen")}
        </button>
      </form>
    </section>
  );
}
