import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { languageTags, type Language } from "#core/languages";

/**
 * A small page the server writes itself (newsletter links, answers to forms posted without
 * JavaScript): React renders and escapes it, with no script and no style of its own, so the
 * strictest policy (`default-src 'none'`) fits it.
 */
export function renderPage({ lang, title, children }: { lang: Language; title: string; children: ReactNode }): string {
  const html = renderToStaticMarkup(
    <html lang={languageTags[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>\n${html}\n`;
}
