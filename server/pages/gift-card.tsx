/**
 * A gift card's printable page, behind the private link its e-mail carries (../api/gift-vouchers.ts):
 * in the card's language, what the card says (server/mail/gift-card.ts `giftCardLines`) set as a
 * card to print or to show, with no script. A voided card says so instead of its code.
 */
import { localizePath, pagePaths } from "#core/paths";
import type { Language } from "#core/languages";
import { translator } from "#locales";
import type { EstateFacts } from "../mail/compose";
import { giftCardLines, type GiftCard } from "../mail/gift-card";
import { renderPage } from "./document";

export function giftCardPage(
  card: GiftCard & { voided: boolean },
  facts: Pick<EstateFacts, "tourName" | "siteUrl" | "estateNames">,
  stylesheet: string | null,
): string {
  const lang = card.language;
  const { t } = translator(lang);
  const lines = giftCardLines(card, facts);
  return renderPage({
    lang,
    title: `${lines.title} · ${facts.estateNames[lang]}`,
    stylesheet,
    children: (
      <>
        <p className="estate">{facts.estateNames[lang]}</p>
        <h1>{lines.title}</h1>
        {card.voided ? (
          <p>{t("giftCard.voided")}</p>
        ) : (
          <>
            {lines.to ? <p>{lines.to}</p> : null}
            {lines.from ? <p>{lines.from}</p> : null}
            {card.message ? <blockquote>{card.message}</blockquote> : null}
            <h2>{lines.worth}</h2>
            {lines.left ? <p>{lines.left}</p> : null}
            <p>
              <strong>{lines.code}</strong>
            </p>
            <p>{lines.valid}</p>
            <p>{lines.howTo}</p>
            <p>
              <a href={localizePath(lang, pagePaths.wineTours)}>{lines.book}</a>
            </p>
          </>
        )}
      </>
    ),
  });
}

/** The page of a gift card link that names no card. */
export function unknownGiftCardPage(lang: Language, contact: string, stylesheet: string | null): string {
  const { t } = translator(lang);
  return renderPage({
    lang,
    title: t("giftCard.title"),
    stylesheet,
    children: (
      <>
        <h1>{t("giftCard.title")}</h1>
        <p>{t("giftCard.notFound", { contact })}</p>
      </>
    ),
  });
}
