/**
 * The page behind the link of a thank-you e-mail (../api/tours.ts), in the guest's language: it
 * asks, with a button that posts (opening the link, as a mail scanner does, changes nothing); then
 * says it is done; or, for a link that names no booking, how else to ask.
 */
import type { Site } from "#content";
import { localNames } from "#content/names";
import type { Language } from "#core/languages";
import { apiPaths, localizePath } from "#core/paths";
import { translator } from "#locales";
import { renderPage } from "./document";

export type ThanksStopPage = { kind: "ask"; token: string } | { kind: "done" } | { kind: "invalid" };

export function thanksStopPage(site: Site, lang: Language, page: ThanksStopPage, stylesheet: string | null): string {
  const { t } = translator(lang);
  const estate = localNames(site, lang).estate;
  const title = page.kind === "done" ? t("thanksStop.doneTitle") : page.kind === "invalid" ? t("manage.invalidTitle") : t("thanksStop.title");
  const text =
    page.kind === "done"
      ? t("thanksStop.doneText")
      : page.kind === "invalid"
        ? t("thanksStop.invalidText", { email: site.contact.email })
        : t("thanksStop.text");
  return renderPage({
    lang,
    title: `${title} — ${estate}`,
    stylesheet,
    children: (
      <>
        <p className="estate">{estate}</p>
        <h1>{title}</h1>
        <p>{text}</p>
        {page.kind === "ask" ? (
          <form method="post" action={apiPaths.tourThanks}>
            <input type="hidden" name="token" value={page.token} />
            <button type="submit">{t("thanksStop.button")}</button>
          </form>
        ) : null}
        <p>
          <a href={localizePath(lang, "/")}>{t("subscriber.backToSite")}</a>
        </p>
      </>
    ),
  });
}
