import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import { useI18n } from "~/lib/i18n/context";
import { sceneImage } from "~/lib/images";
import { pagePaths } from "~/lib/paths";

/**
 * The home page's full-screen hero (spec §2): poster (the page's largest paint), title,
 * subtitle and buttons to the shop and the story. The looping video joins it in the media work.
 */
export function HomeHero() {
  const { t, href } = useI18n();
  return (
    <section className="relative isolate flex min-h-[calc(100svh-var(--spacing-nav))] items-center justify-center overflow-hidden text-center text-cream-50">
      <Picture
        image={sceneImage("estate-hero")}
        alt=""
        sizes="100vw"
        priority
        className="absolute inset-0 -z-10"
        imgClassName="h-full w-full object-cover"
      />
      <div className="absolute inset-0 -z-10 bg-wine-950/55" />
      <div className="px-6">
        <h1 className="text-5xl text-cream-50 sm:text-7xl">{t("home.hero.title")}</h1>
        <p className="mt-4 text-xl text-cream-100 sm:text-2xl">{t("home.hero.subtitle")}</p>
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
