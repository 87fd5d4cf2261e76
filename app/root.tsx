import type { ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useMatches } from "react-router";
import type { Route } from "./+types/root";
import { preloadedFont } from "./lib/first-paint";
import { headScript } from "./lib/head-scripts";
import { languageTags, scriptOf } from "#core/languages";
import { splitLanguage } from "#core/paths";
import "./app.css";

export function Layout({ children }: { children: ReactNode }) {
  const { lang } = splitLanguage(useLocation().pathname);
  // At most one font: the face of the page's largest text (its route's `handle.font`).
  const font = preloadedFont(
    lang,
    useMatches().map((match) => match.handle),
  );
  return (
    // The head script may mark <html> before hydration (age flag), hence suppressHydrationWarning.
    // data-script (`latin` or `cjk`, core/languages.ts) is what the CSS reads for the script's typography.
    <html lang={languageTags[lang]} data-lang={lang} data-script={scriptOf(lang)} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script dangerouslySetInnerHTML={{ __html: headScript }} />
        <meta name="theme-color" content="#4a1526" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {font ? <link rel="preload" as="font" type="font/woff2" href={font} crossOrigin="anonymous" /> : null}
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/**
 * Last-resort fallback when routing itself fails (spec §8). Page-level errors are caught by the
 * language layout, which can translate them; this one shows when the layout itself failed, so no
 * catalog is loaded: its words are the spec's own generic fallback, in English, and the link the
 * estate's name, the one literal text of the app (eslint.config.js, `jsxText`).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : undefined;
  /* eslint-disable no-restricted-syntax -- no catalog is loaded when the language layout failed */
  return (
    <main id="main" className="mx-auto max-w-2xl px-6 py-32 text-center">
      <h1 className="font-heading text-4xl text-wine-800">Unexpected Application Error!</h1>
      {detail ? <p className="mt-4 text-ink-700">{detail}</p> : null}
      <p className="mt-8">
        <a className="btn-primary" href="/">
          Château L&apos;Hermitage Lescours
        </a>
      </p>
    </main>
  );
  /* eslint-enable no-restricted-syntax */
}
