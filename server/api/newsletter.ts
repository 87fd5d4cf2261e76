import type { FastifyInstance, FastifyReply } from "fastify";
import { content } from "#content";

const { site } = content;
import { isLanguage, languageTags, type Language } from "#core/languages";
import { localizePath } from "#core/paths";
import type { SubmissionStore } from "../db/submissions";
import { confirmPath, unsubscribePath } from "../mail/compose";
import { fill, languageFromHeader, subscriberStrings } from "../mail/strings";
import type { RouteRateLimit } from "./routes";

type PageKind = "confirmed" | "unsubscribed" | "notSubscribed" | "invalid";

/** Escapes text for element content and double-quoted attributes. */
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The small page a newsletter link answers with, in the subscriber's language. */
export function subscriberPage(lang: Language, kind: PageKind): string {
  const strings = subscriberStrings[lang];
  const estate = site.estateName;
  const pages: Record<PageKind, [string, string]> = {
    confirmed: [strings.confirmedTitle, strings.confirmedText],
    unsubscribed: [strings.unsubscribedTitle, strings.unsubscribedText],
    notSubscribed: [strings.notSubscribedTitle, strings.notSubscribedText],
    invalid: [strings.invalidTitle, strings.invalidText],
  };
  const [title, text] = pages[kind];
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
<p><a href="${escapeHtml(localizePath(lang, "/"))}">${escapeHtml(strings.backToSite)}</a></p>
</main>
</body>
</html>
`;
}

const tokenPattern = /^[A-Za-z0-9_-]{16,128}$/;

function tokenFrom(query: unknown): string | null {
  const token = (query as { token?: unknown } | undefined)?.token;
  return typeof token === "string" && tokenPattern.test(token) ? token : null;
}

function sendPage(reply: FastifyReply, status: number, lang: Language, kind: PageKind) {
  return reply
    .status(status)
    .header("Content-Type", "text/html; charset=utf-8")
    .header("Content-Security-Policy", "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    .header("X-Robots-Tag", "noindex")
    .send(subscriberPage(lang, kind));
}

/**
 * The links of the newsletter e-mails. Both are idempotent: opening one twice shows the same page
 * and changes nothing more. HEAD is not routed here, so link checkers that only probe change nothing.
 */
export function newsletterLinkRoutes(api: FastifyInstance, { store, routeConfig }: { store: SubmissionStore; routeConfig: RouteRateLimit }): void {
  const subscriberLanguage = (value: string): Language => (isLanguage(value) ? value : "en");

  api.get(confirmPath, { config: routeConfig, exposeHeadRoute: false }, async (request, reply) => {
    const token = tokenFrom(request.query);
    const result = token ? store.confirm(token) : null;
    if (!result) return sendPage(reply, 404, languageFromHeader(request.headers["accept-language"]), "invalid");
    return sendPage(reply, 200, subscriberLanguage(result.row.language), result.state === "confirmed" ? "confirmed" : "notSubscribed");
  });

  api.get(unsubscribePath, { config: routeConfig, exposeHeadRoute: false }, async (request, reply) => {
    const token = tokenFrom(request.query);
    const row = token ? store.unsubscribe(token) : null;
    if (!row) return sendPage(reply, 404, languageFromHeader(request.headers["accept-language"]), "invalid");
    return sendPage(reply, 200, subscriberLanguage(row.language), "unsubscribed");
  });
}
