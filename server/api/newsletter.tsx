import formbody from "@fastify/formbody";
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Site } from "#content";
import { localNames } from "#content/names";
import { defaultLanguage, isLanguage, type Language } from "#core/languages";
import { localizePath } from "#core/paths";
import type { NewsletterRow, SubmissionStore } from "../db/submissions";
import { composeNotification, confirmPath, unsubscribePath, type MailSource } from "../mail/compose";
import { translator } from "#locales";
import { languageFromHeader } from "../mail/language";
import { renderPage, serverPagePolicy, siteStylesheetOf } from "../pages/document";
import type { RouteLimit } from "./route-config";

/** The pages behind the links: two that ask (with a button), four that tell. */
type PageKind = "confirm" | "unsubscribe" | "confirmed" | "unsubscribed" | "notSubscribed" | "invalid";

/** The policy of these pages (the server's own pages' policy): the one form may post only to this site. */
export const subscriberPagePolicy = serverPagePolicy;

type SubscriberMessage = Parameters<ReturnType<typeof translator>["t"]>[0];

/** Each page's title and text, and the button of the two that ask. */
const pages: Record<PageKind, [SubscriberMessage, SubscriberMessage, SubscriberMessage?]> = {
  confirm: ["subscriber.confirmTitle", "subscriber.confirmText", "subscriber.confirmButton"],
  unsubscribe: ["subscriber.unsubscribeTitle", "subscriber.unsubscribeText", "subscriber.unsubscribeButton"],
  confirmed: ["subscriber.confirmedTitle", "subscriber.confirmedText"],
  unsubscribed: ["subscriber.unsubscribedTitle", "subscriber.unsubscribedText"],
  notSubscribed: ["subscriber.notSubscribedTitle", "subscriber.notSubscribedText"],
  invalid: ["subscriber.invalidTitle", "subscriber.invalidText"],
};

/**
 * The small page a newsletter link answers with, in the subscriber's language. `button` makes it
 * a page that asks: only its POST (a same-origin form with the token) changes the subscription.
 */
export function subscriberPage(site: Site, lang: Language, kind: PageKind, button?: { path: string; token: string }, stylesheet: string | null = null): string {
  const { t } = translator(lang);
  const estate = localNames(site, lang).estate;
  const [title, text, label] = pages[kind];
  return renderPage({
    lang,
    title: `${t(title)} — ${estate}`,
    stylesheet,
    children: (
      <>
        <p className="estate">{estate}</p>
        <h1>{t(title)}</h1>
        <p>{t(text, { estate })}</p>
        {button && label ? (
          <form method="post" action={button.path}>
            <input type="hidden" name="token" value={button.token} />
            <button type="submit">{t(label)}</button>
          </form>
        ) : null}
        <p>
          <a href={localizePath(lang, "/")}>{t("subscriber.backToSite")}</a>
        </p>
      </>
    ),
  });
}

/**
 * A token as the links carry it; anything else (a list, a malformed value) reads as no token,
 * which answers the "invalid link" page rather than a validation error.
 */
const token = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/).optional().catch(undefined);
/** The links' query (the token of a link opened, or of a one-click POST), and the page's form body (POST only). */
const linkSchema = { get: { querystring: z.object({ token }) }, post: { querystring: z.object({ token }), body: z.object({ token }).optional() } };

function sendPage(reply: FastifyReply, status: number, lang: Language, kind: PageKind, button?: { path: string; token: string }) {
  return reply
    .status(status)
    .header("Content-Type", "text/html; charset=utf-8")
    .header("Content-Security-Policy", subscriberPagePolicy)
    .header("X-Robots-Tag", "noindex")
    .send(subscriberPage(reply.server.content.current.site, lang, kind, button, siteStylesheetOf(reply.request)));
}

/** The 404 page for a missing or unknown token, in the visitor's language. */
const invalid = (request: FastifyRequest, reply: FastifyReply) => sendPage(reply, 404, languageFromHeader(request.headers["accept-language"]), "invalid");

const subscriberLanguage = (value: string): Language => (isLanguage(value) ? value : defaultLanguage);

/**
 * The links of the newsletter e-mails. Opening one (GET or HEAD, as a mail scanner or a link
 * preview does) changes nothing: it shows a page whose button POSTs. Only the POST confirms or
 * unsubscribes, and both are idempotent. The unsubscribe link also takes RFC 8058 one-click
 * POSTs (`List-Unsubscribe=One-Click`), which mail providers send from their own servers: that
 * route alone accepts requests from other origins (`crossSite`, see ./routes.ts).
 */
export async function newsletterLinkRoutes(api: FastifyInstance, { store, mail, limit }: { store: SubmissionStore; mail: MailSource; limit: RouteLimit }): Promise<void> {
  // The page's form and one-click send `application/x-www-form-urlencoded`; only these routes read it.
  await api.register(formbody, { bodyLimit: 1024 });
  api.setValidatorCompiler(validatorCompiler);
  const links = api.withTypeProvider<ZodTypeProvider>();
  const config: FastifyContextConfig = limit ? { rateLimit: limit } : {};

  links.get(confirmPath, { config, schema: linkSchema.get }, async (request, reply) => {
    const { token } = request.query;
    const row = token ? store.subscriberByConfirmToken(token) : null;
    if (!token || !row) return invalid(request, reply);
    const lang = subscriberLanguage(row.language);
    if (row.unsubscribed_at) return sendPage(reply, 200, lang, "notSubscribed");
    if (row.confirmed_at) return sendPage(reply, 200, lang, "confirmed");
    return sendPage(reply, 200, lang, "confirm", { path: confirmPath, token });
  });

  links.post(confirmPath, { config, schema: linkSchema.post }, async (request, reply) => {
    const token = request.body?.token ?? request.query.token;
    // The estate hears of a sign-up once the address's owner has confirmed it, not before.
    const context = mail();
    const notify = context
      ? (row: NewsletterRow) => [composeNotification("newsletterSignup", row.id, { language: subscriberLanguage(row.language), page: row.page, email: row.email }, row.confirmed_at!, context)]
      : undefined;
    const result = token ? store.confirm(token, notify) : null;
    if (!result) return invalid(request, reply);
    return sendPage(reply, 200, subscriberLanguage(result.row.language), result.state === "confirmed" ? "confirmed" : "notSubscribed");
  });

  links.get(unsubscribePath, { config, schema: linkSchema.get }, async (request, reply) => {
    const { token } = request.query;
    const row = token ? store.subscriberByUnsubscribeToken(token) : null;
    if (!token || !row) return invalid(request, reply);
    const lang = subscriberLanguage(row.language);
    if (row.unsubscribed_at) return sendPage(reply, 200, lang, "unsubscribed");
    return sendPage(reply, 200, lang, "unsubscribe", { path: unsubscribePath, token });
  });

  links.post(unsubscribePath, { config: { ...config, crossSite: true }, schema: linkSchema.post }, async (request, reply) => {
    const token = request.body?.token ?? request.query.token;
    const row = token ? store.unsubscribe(token) : null;
    if (!row) return invalid(request, reply);
    return sendPage(reply, 200, subscriberLanguage(row.language), "unsubscribed");
  });
}
