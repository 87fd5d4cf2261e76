import { createHash } from "node:crypto";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { languageTags, type Language } from "#core/languages";

/** The look of the server's own pages, in the site's colours; allowed by its hash, nothing else loads. */
const style = [
  "body{margin:0;background:#fbf8f2;color:#1d1916;font:18px/1.6 system-ui,sans-serif}",
  "main{max-width:40rem;margin:0 auto;padding:3rem 1.5rem}",
  "h1{color:#4a1526;font:600 2rem/1.2 Georgia,serif}",
  "label{display:block;margin-top:1rem;font-weight:600}",
  "input,textarea,select{box-sizing:border-box;width:100%;margin-top:.25rem;padding:.5rem;border:1px solid #5c534b;border-radius:2px;font:inherit}",
  "input[type=checkbox],input[type=radio]{width:auto;margin-right:.5rem}",
  "fieldset{margin-top:1rem;border:1px solid #5c534b;border-radius:2px}",
  "fieldset label{font-weight:400}",
  "section{margin-top:2.5rem}",
  "button{margin-top:1.5rem;padding:.75rem 1.5rem;border:0;border-radius:2px;background:#4a1526;color:#fbf8f2;font:inherit;font-weight:600}",
  "a{color:#4a1526}",
  "[aria-invalid=true]{border:2px solid #7a1f35}",
].join("");

/**
 * The policy of the server's own pages: nothing loads or runs but their own stylesheet, and
 * their one form may post only to this site.
 */
export const serverPagePolicy = `default-src 'none'; style-src 'sha256-${createHash("sha256").update(style).digest("base64")}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

/**
 * A small page the server writes itself (newsletter links, answers to forms posted before the
 * page's JavaScript ran): React renders and escapes it; it runs no script.
 */
export function renderPage({ lang, title, children }: { lang: Language; title: string; children: ReactNode }): string {
  const html = renderToStaticMarkup(
    <html lang={languageTags[lang]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        <style dangerouslySetInnerHTML={{ __html: style }} />
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>\n${html}\n`;
}
