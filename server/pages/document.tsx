import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { languageTags, scriptOf, type Language } from "#core/languages";

/**
 * The layout of the server's own pages, in the site's colours. Their type is the site's: the
 * page links the site's own stylesheet (its fonts, the CJK line breaking and line heights of
 * `html[data-script="cjk"]`, Japanese phrase breaking in headings: app/app.css), and these rules
 * name the faces through the site's own variables, so without that stylesheet (a build that has
 * none) the system's faces stand in. The rules are unlayered, so they win over the stylesheet's
 * reset; they set no `font-family` of their own.
 */
const style = [
  "body{margin:0;background:#fbf8f2;color:#1d1916;font-family:var(--font-sans,system-ui,sans-serif);font-size:18px;line-height:1.6}",
  "html[data-script=cjk] body{line-height:1.85}",
  "main{max-width:40rem;margin:0 auto;padding:3rem 1.5rem}",
  "h1{margin:.5rem 0 1.5rem;color:#4a1526;font-family:var(--font-heading,Georgia,serif);font-size:2rem;font-weight:600;line-height:1.25}",
  "h2{margin:0 0 .75rem;color:#4a1526;font-family:var(--font-heading,Georgia,serif);font-size:1.5rem;font-weight:600;line-height:1.3}",
  "p{margin:1rem 0}",
  "ul{margin:1rem 0;padding-left:1.25rem;list-style:disc}",
  ".estate{margin:0;color:#8c6a33;font-size:.875rem;font-weight:600;letter-spacing:.1em;word-break:keep-all}",
  "html[data-script=cjk] .estate{letter-spacing:.05em}",
  "label{display:block;margin-top:1rem;font-weight:600}",
  "input,textarea,select{box-sizing:border-box;width:100%;margin-top:.25rem;padding:.5rem;border:1px solid #5c534b;border-radius:2px;background:#fff;font:inherit}",
  "input[type=checkbox],input[type=radio]{width:auto;margin-right:.5rem}",
  "fieldset{margin:1rem 0 0;padding:.5rem 1rem 1rem;border:1px solid #5c534b;border-radius:2px}",
  "fieldset label{font-weight:400}",
  "section{margin-top:2.5rem}",
  ".months{display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:baseline}",
  "button{margin-top:1.5rem;padding:.75rem 1.5rem;border:0;border-radius:2px;background:#4a1526;color:#fbf8f2;font:inherit;font-weight:600;cursor:pointer}",
  "button.secondary{background:transparent;color:#4a1526;border:1px solid #4a1526}",
  "a{color:#4a1526;text-decoration:underline;text-underline-offset:4px}",
  "a.button{display:inline-block;padding:.75rem 1.5rem;border-radius:2px;background:#4a1526;color:#fbf8f2;font-weight:600;text-decoration:none}",
  "[aria-invalid=true]{border:2px solid #7a1f35}",
].join("");

const styleHash = `'sha256-${createHash("sha256").update(style).digest("base64")}'`;

/**
 * The policy of the server's own pages: nothing loads but the site's own stylesheet and fonts and
 * this page's rules, nothing runs, and their forms may post only to this site (and go on to
 * `formTargets`: the payment provider's checkout, where the gift voucher's order sends the browser;
 * Chromium holds a form's redirects to the policy too).
 */
const serverPagePolicy = (formTargets: readonly string[] = []) =>
  `default-src 'none'; style-src 'self' ${styleHash}; font-src 'self'; base-uri 'none'; form-action ${["'self'", ...formTargets].join(" ")}; frame-ancestors 'none'`;

declare module "fastify" {
  interface FastifyInstance {
    /** The address of the served build's stylesheet (`/assets/root-….css`), or null when it has none (server/static-files.ts). */
    siteStylesheet?: () => string | null;
  }
}

/** The stylesheet of the build this request is served from, when it has one. */
export function siteStylesheetOf(request: FastifyRequest): string | null {
  return request.server.siteStylesheet?.() ?? null;
}

/**
 * A small page the server writes itself (newsletter links, answers to forms posted before the
 * page's JavaScript ran, the visitor's own booking page): React renders and escapes it; it runs
 * no script. With `stylesheet`, it is set in the site's own type.
 */
export function renderPage({
  lang,
  title,
  children,
  stylesheet = null,
}: {
  lang: Language;
  title: string;
  children: ReactNode;
  stylesheet?: string | null;
}): string {
  const html = renderToStaticMarkup(
    <html lang={languageTags[lang]} data-script={scriptOf(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        {stylesheet ? <link rel="stylesheet" href={stylesheet} /> : null}
        <style dangerouslySetInnerHTML={{ __html: style }} />
      </head>
      <body>
        <main>{children}</main>
      </body>
    </html>,
  );
  return `<!DOCTYPE html>\n${html}\n`;
}

/**
 * Sends a page the server wrote (`renderPage`): its policy, kept out of search engines, and no
 * referrer to other sites (their addresses carry private tokens; same-origin keeps the Origin of
 * the page's own forms, which no-referrer would make "null").
 */
export function sendServerPage(reply: FastifyReply, status: number, html: string, formTargets: readonly string[] = []) {
  return reply
    .status(status)
    .header("Content-Type", "text/html; charset=utf-8")
    .header("Content-Security-Policy", serverPagePolicy(formTargets))
    .header("X-Robots-Tag", "noindex")
    .header("Referrer-Policy", "same-origin")
    .send(html);
}
