import type { Messages } from "@lingui/core";
import { Suspense, useEffect, useMemo } from "react";
import { Link, Outlet, useMatches } from "react-router";
import type { Route } from "./+types/language-layout";
import { AgeGate } from "~/components/layout/age-gate";
import { Footer } from "~/components/layout/footer";
import { saveLanguage } from "~/components/layout/language-switcher";
import { Navbar } from "~/components/layout/navbar";
import { createI18n, I18nProvider, useI18n } from "~/lib/i18n/context";
import { languageTags } from "#core/languages";
import { layoutMessages, pageLanguage } from "~/lib/i18n/messages.server";
import { packMessages, pageMessagesOf, unpackMessages, withPageMessages, type PackedMessages } from "~/lib/i18n/packed-messages";
import { SiteContext } from "~/lib/site";
import { siteView } from "~/lib/site.server";
import { useSnipcart } from "~/lib/snipcart";
import { contentOf } from "~/lib/content.server";

/** Runs at build: the layout's own messages (navigation, footer, age gate) in the page's language. */
export function loader({ request, context }: Route.LoaderArgs) {
  const lang = pageLanguage(request);
  const messages = layoutMessages(lang);
  return { lang, messages: packMessages(messages), site: siteView(contentOf(context), createI18n(lang, messages)) };
}

/** The strings of a language never change while the app runs; another language is another layout. */
export function shouldRevalidate() {
  return false;
}

/** Pages may opt out of the age gate (the legal pages it links to) with `handle = { ageGate: false }`. */
export interface PageHandle {
  ageGate?: boolean;
}

function useAgeGateWanted(): boolean {
  return !useMatches().some((match) => (match.handle as PageHandle | undefined)?.ageGate === false);
}

function Shell() {
  const { t, lang } = useI18n();
  const ageGate = useAgeGateWanted();
  // Snipcart loads on the first interaction, when a key was given at build (app/lib/snipcart.ts).
  useSnipcart(lang);

  // Spec §1: the choice is saved on every change and sets the document language.
  useEffect(() => {
    saveLanguage(lang);
    // Only when it changes: writing the same value still makes the browser work out the whole
    // page's style and layout again (2–30 ms measured on /ja/news; docs/performance.md).
    const root = document.documentElement;
    if (root.lang !== languageTags[lang]) root.lang = languageTags[lang];
  }, [lang]);

  return (
    <>
      <a href="#main" className="fixed top-2 left-2 z-50 -translate-y-24 rounded-sm bg-wine-800 px-4 py-3 text-cream-50 focus:translate-y-0">
        {t("site.skipToContent")}
      </a>
      {/* Each region hydrates on its own (docs/performance.md, "A quiet main thread"): React
          hydrates what lies outside these boundaries first, then each boundary in small slices
          that yield to the browser, and a tap on a region not hydrated yet hydrates that region
          alone, at once. */}
      <Suspense>
        <Navbar />
      </Suspense>
      <main id="main" tabIndex={-1} className="pt-nav outline-none">
        <Suspense>
          <Outlet />
        </Suspense>
      </main>
      <Suspense>
        <Footer />
      </Suspense>
      {ageGate ? (
        <Suspense>
          <AgeGate />
        </Suspense>
      ) : null}
    </>
  );
}

/** The layout's messages and the page's own (each page's loader returns its `messages`, packed). */
function usePageMessages(layout: PackedMessages): Messages {
  const page = pageMessagesOf(useMatches());
  return useMemo(() => withPageMessages(layout, page), [layout, page]);
}

export default function LanguageLayout({ loaderData }: Route.ComponentProps) {
  const messages = usePageMessages(loaderData.messages);
  return (
    <I18nProvider lang={loaderData.lang} messages={messages}>
      <SiteContext value={loaderData.site}>
        <Shell />
      </SiteContext>
    </I18nProvider>
  );
}

/** A page that fails to render: the spec's fallback, in the page's language. */
export function ErrorBoundary({ loaderData }: Route.ErrorBoundaryProps) {
  if (!loaderData) throw new Error("Language layout failed without its strings");
  return (
    <I18nProvider lang={loaderData.lang} messages={unpackMessages(loaderData.messages)}>
      <LayoutError />
    </I18nProvider>
  );
}

function LayoutError() {
  const { t, href } = useI18n();
  return (
    <main id="main" className="mx-auto max-w-2xl px-6 py-32 text-center">
      <h1 className="text-4xl">{t("errors.unexpected")}</h1>
      <p className="mt-4 text-ink-700">{t("errors.unexpectedHint")}</p>
      <p className="mt-8">
        <Link className="btn-primary" to={href("/")} reloadDocument>
          {t("errors.reload")}
        </Link>
      </p>
    </main>
  );
}
