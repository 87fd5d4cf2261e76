import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { heroPoster as poster } from "~/components/media/hero-poster";
import { motionAndDataAllowed } from "~/components/media/motion";
import { Picture } from "~/components/ui/picture";
import { scriptOf } from "#core/languages";
import { useI18n } from "~/lib/i18n/context";
import { useSite } from "~/lib/site";
import { pagePaths } from "#core/paths";

/** The poster covers the screen; on a phone that is the middle of a 100vw-wide file, sharp enough under the veil. */
const posterSizes = "100vw";

// Vite wraps every dynamic import in its preload helper, a chunk of 0.7 KB gzip that this page would
// load first only to preload nothing (`modulePreload` is off in vite.config.ts), unless the module
// defines the wrapper itself, as this one does: it just loads (docs/performance.md, "First-load
// JavaScript per page"; e2e/budgets.test.ts keeps the helper off every page's first load).
const __vitePreload = <T,>(load: () => Promise<T>): Promise<T> => load();

// Fetched only when rendered, after the page has loaded: nothing in the page's first-load JavaScript.
const HeroVideo = lazy(() => import("~/components/media/background-video").then((module) => ({ default: module.HeroVideo })));

/** True once the page has loaded, unless the visitor prefers reduced motion or saves data. */
function useVideoWanted(): boolean {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!motionAndDataAllowed()) return;
    const start = () => setWanted(true);
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => window.removeEventListener("load", start);
  }, []);
  return wanted;
}

const latinOnly = /^[\p{Script=Latin}\s-]+$/u;

/**
 * The home page's full-screen hero (spec §2): the looping muted video of the estate over its
 * poster, title, subtitle and buttons to the shop and the story. The poster is the page's
 * largest paint: preloaded from <head> (`<Picture priority>`) and fetched first; the video
 * joins it only after the page has loaded and the age gate is answered, never with reduced
 * motion or Save-Data, and a button pauses it.
 */
export function HomeHero() {
  const { t, href, lang } = useI18n();
  const site = useSite();
  const subtitle = t("home.hero.subtitle");
  const section = useRef<HTMLElement>(null);
  const videoWanted = useVideoWanted();

  return (
    <section
      ref={section}
      className="relative isolate flex min-h-[calc(100svh-var(--spacing-nav))] items-center justify-center overflow-hidden text-center text-cream-50"
    >
      <Picture image={poster} alt="" sizes={posterSizes} priority className="absolute inset-0 -z-10" imgClassName="h-full w-full object-cover" />
      {videoWanted ? (
        <Suspense fallback={null}>
          <HeroVideo container={section} />
        </Suspense>
      ) : null}
      <div className="absolute inset-0 -z-10 bg-wine-950/55" />
      <div className="px-6">
        {/* The estate's name, in Latin letters in every language (messages.pot says so to translators). */}
        <h1 lang="fr" className="text-5xl text-cream-50 sm:text-7xl">
          {t("home.hero.title")}
        </h1>
        {/* The appellation: kept in Latin letters by most languages, which makes it French words on the
            page (drawn by the Latin font on Chinese pages); a language that transcribes it keeps its own. */}
        {/* A language that writes the estate's name in its own script shows that name once, here, on a line
            of its own above the appellation, which is kept whole (グラ／ン・クリュ read as a bug, JN1). */}
        {scriptOf(lang) === "cjk" ? (
          <p className="mt-4 text-lg text-cream-100 sm:text-2xl">
            <span className="estate-name block">{site.names.estate}</span>
            <span lang={latinOnly.test(subtitle) ? "fr" : undefined} className="block whitespace-nowrap">
              {subtitle}
            </span>
          </p>
        ) : (
          <p className="mt-4 text-xl text-cream-100 sm:text-2xl">
            <span lang={latinOnly.test(subtitle) ? "fr" : undefined}>{subtitle}</span>
          </p>
        )}
        <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
          <Link to={href(pagePaths.shop)} className="btn-primary bg-gold-500 text-wine-950 hover:bg-gold-400">
            {t("home.hero.shop")}
          </Link>
          <Link to={href(pagePaths.story)} className="btn-light">
            {t("home.hero.story")}
          </Link>
        </div>
      </div>
    </section>
  );
}
