/**
 * The pages the newsletter's links answer with (../api/newsletter.ts), in the subscriber's
 * language: two that ask, with a button that posts, and four that tell.
 */
import type { Site } from "#content";
import { localNames } from "#content/names";
import type { Language } from "#core/languages";
import { localizePath } from "#core/paths";
import { translator } from "#locales";
import { renderPage } from "./document";

/** The pages behind the links: two that ask (with a button), four that tell. */
export type SubscriberPageKind = "confirm" | "unsubscribe" | "confirmed" | "unsubscribed" | "notSubscribed" | "invalid";

type SubscriberMessage = Parameters<ReturnType<typeof translator>["t"]>[0];

/** Each page's title and text, and the button of the two that ask. */
const pages: Record<SubscriberPageKind, [SubscriberMessage, SubscriberMessage, SubscriberMessage?]> = {
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
export function subscriberPage(
  site: Site,
  lang: Language,
  kind: SubscriberPageKind,
  button?: { path: string; token: string },
  stylesheet: string | null = null,
): string {
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
