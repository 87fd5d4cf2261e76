import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { content } from "#content";
import { isLanguage, languageTags, type Language } from "#core/languages";
import { localizePath } from "#core/paths";
import type { SubmissionStore } from "../db/submissions";
import { confirmPath, unsubscribePath } from "../mail/compose";
import { fill, languageFromHeader, subscriberStrings } from "../mail/strings";
import type { RouteRateLimit } from "./routes";

const { site } = content;

/** The pages behind the links: two that ask (with a button), four that tell. */
type PageKind = "confirm" | "unsubscribe" | "confirmed" | "unsubscribed" | "notSubscribed" | "invalid";

/**
 * The policy of these pages: nothing may load or run, and the one form may post only to this
 * site (`form-action 'self'`).
 */
export const subscriberPagePolicy = "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** Escapes text for element content and double-quoted attributes. */
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The button of a page that asks: a same-origin POST of the token to the link's own path. */
function buttonForm(path: string, token: string, label: string): string {
  return `<form method="post" action="${escapeHtml(path)}">
<input type="hidden" name="token" value="${escapeHtml(token)}">
<button type="submit">${escapeHtml(label)}</button>
</form>`;
}

/**
 * The small page a newsletter link answers with, in the subscriber's language. `button` makes it
 * a page that asks: only its POST changes the subscription.
 */
export function subscriberPage(lang: Language, kind: PageKind, button?: { path: string; token: string }): string {
  const strings = subscriberStrings[lang];
  const estate = site.estateName;
  const pages: Record<PageKind, [string, string, string?]> = {
    confirm: [strings.confirmTitle, strings.confirmText, strings.confirmButton],
    unsubscribe: [strings.unsubscribeTitle, strings.unsubscribeText, strings.unsubscribeButton],
    confirmed: [strings.confirmedTitle, strings.confirmedText],
    unsubscribed: [strings.unsubscribedTitle, strings.unsubscribedText],
    notSubscribed: [strings.notSubscribedTitle, strings.notSubscribedText],
    invalid: [strings.invalidTitle, strings.invalidText],
  };
  const [title, text, label] = pages[kind];
  const form = button && label ? `${buttonForm(button.path, button.token, label)}\n` : "";
  return `<!DOCTYPE html>
<html lang="${languageTags[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} — ${escapeHtml(estate)}</title>
</head>
<body>
<main>
<p>${escapeHtml(estate)}</p>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(fill(text, estate))}</p>
${form}<p><a href="${escapeHtml(localizePath(lang, "/"))}">${escapeHtml(strings.backToSite)}</a></p>
</main>
</body>
</html>
`;
}

const tokenPattern = /^[A-Za-z0-9_-]{16,128}$/;

/** The token of a request: the page's form sends it in the body, a one-click POST and the links in the query. */
function tokenOf(request: FastifyRequest): string | null {
  const fromBody = (request.body as { token?: unknown } | undefined)?.token;
  const token = typeof fromBody === "string" ? fromBody : (request.query as { token?: unknown } | undefined)?.token;
  return typeof token === "string" && tokenPattern.test(token) ? token : null;
}

function sendPage(reply: FastifyReply, status: number, lang: Language, kind: PageKind, button?: { path: string; token: string }) {
  return reply
    .status(status)
    .header("Content-Type", "text/html; charset=utf-8")
    .header("Content-Security-Policy", subscriberPagePolicy)
    .header("X-Robots-Tag", "noindex")
    .send(subscriberPage(lang, kind, button));
}

/** The 404 page for a missing or unknown token, in the visitor's language. */
const invalid = (request: FastifyRequest, reply: FastifyReply) => sendPage(reply, 404, languageFromHeader(request.headers["accept-language"]), "invalid");

const subscriberLanguage = (value: string): Language => (isLanguage(value) ? value : "en");

/**
 * The links of the newsletter e-mails. Opening one (GET or HEAD, as a mail scanner or a link
 * preview does) changes nothing: it shows a page whose button POSTs. Only the POST confirms or
 * unsubscribes, and both are idempotent. The unsubscribe link also takes RFC 8058 one-click
 * POSTs (`List-Unsubscribe=One-Click`), which mail providers send from their own servers: that
 * route alone accepts requests from other origins (`crossSite`, see ./routes.ts).
 */
export function newsletterLinkRoutes(api: FastifyInstance, { store, routeConfig }: { store: SubmissionStore; routeConfig: RouteRateLimit }): void {
  // The page's form and one-click send `application/x-www-form-urlencoded`; only these routes parse it.
  api.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  api.get(confirmPath, { config: routeConfig }, async (request, reply) => {
    const token = tokenOf(request);
    const row = token ? store.subscriberByConfirmToken(token) : null;
    if (!token || !row) return invalid(request, reply);
    const lang = subscriberLanguage(row.language);
    if (row.unsubscribed_at) return sendPage(reply, 200, lang, "notSubscribed");
    if (row.confirmed_at) return sendPage(reply, 200, lang, "confirmed");
    return sendPage(reply, 200, lang, "confirm", { path: confirmPath, token });
  });

  api.post(confirmPath, { config: routeConfig }, async (request, reply) => {
    const token = tokenOf(request);
    const result = token ? store.confirm(token) : null;
    if (!result) return invalid(request, reply);
    return sendPage(reply, 200, subscriberLanguage(result.row.language), result.state === "confirmed" ? "confirmed" : "notSubscribed");
  });

  api.get(unsubscribePath, { config: routeConfig }, async (request, reply) => {
    const token = tokenOf(request);
    const row = token ? store.subscriberByUnsubscribeToken(token) : null;
    if (!token || !row) return invalid(request, reply);
    const lang = subscriberLanguage(row.language);
    if (row.unsubscribed_at) return sendPage(reply, 200, lang, "unsubscribed");
    return sendPage(reply, 200, lang, "unsubscribe", { path: unsubscribePath, token });
  });

  api.post(unsubscribePath, { config: { ...routeConfig, crossSite: true } }, async (request, reply) => {
    const token = tokenOf(request);
    const row = token ? store.unsubscribe(token) : null;
    if (!row) return invalid(request, reply);
    return sendPage(reply, 200, subscriberLanguage(row.language), "unsubscribed");
  });
}
