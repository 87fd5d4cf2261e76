/**
 * The navigation's cart button, rendered as the build renders it: its name for screen readers is
 * one sentence of the page's language (the readers found 「…欢迎来信咨询, 购物车中有 0 件商品」, two
 * messages joined with an ASCII comma).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { languages, type Language } from "#core/languages";
import { catalogs } from "#locales";
import { CartButton } from "~/components/layout/cart-button";
import { createI18n, I18nProvider } from "~/lib/i18n/context";
import { SiteContext } from "~/lib/site";
import { siteView } from "~/lib/site.server";
import { content } from "#content";

/** The button's accessible name, as its HTML carries it (the site's facts from the layout's loader, as at build). */
function cartLabel(lang: Language): string {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <I18nProvider lang={lang} messages={catalogs[lang]}>
        <SiteContext value={siteView(content, createI18n(lang, catalogs[lang]))}>
          <CartButton />
        </SiteContext>
      </I18nProvider>
    </MemoryRouter>,
  );
  const label = /aria-label="([^"]*)"/.exec(html)?.[1] ?? "";
  return label.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"');
}

describe("the cart button's name (no cart yet: it leads to an inquiry)", () => {
  it("reads as the language writes it, the count included", () => {
    expect(cartLabel("zh")).toBe("在线订购尚未开放，欢迎来信咨询。购物车中有 0 件商品。");
    expect(cartLabel("ja")).toBe("オンラインでのご注文は現在準備中です。ご購入はお問い合わせにて承ります。カート内の商品：0点");
    expect(cartLabel("fr")).toBe("La commande en ligne n’est pas encore ouverte\u00a0: envoyez-nous votre demande. 0\u00a0article dans le panier.");
  });

  it.each(languages)("joins no two sentences with an ASCII comma in %s", (lang) => {
    expect(cartLabel(lang)).not.toMatch(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}。、],|[.:]\s*,\s/u);
  });
});
