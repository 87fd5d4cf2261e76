import { Link } from "react-router";
import { Message, useI18n } from "~/lib/i18n/context";
import { pagePaths } from "#core/paths";
import { SectionHeading } from "~/components/ui/section-heading";

/**
 * The home page's Grand Cru introduction, leading to the story (spec §2). `hectares` comes
 * formatted from the loader ("4,12" in French): formatting it here would cost the page its first
 * `Intl.NumberFormat` while it hydrates (docs/performance.md, "A quiet main thread").
 */
export function GrandCruIntro({ hectares }: { hectares: string }) {
  const { t, href } = useI18n();
  return (
    <section aria-labelledby="home-intro" className="mx-auto max-w-3xl px-6 py-20 text-center sm:py-28">
      <SectionHeading
        id="home-intro"
        eyebrow={t("home.intro.eyebrow")}
        title={<Message id="home.intro.title" components={{ keep: <span className="whitespace-nowrap" /> }} />}
        size="large"
      >
        <p>{t("home.intro.text", { hectares })}</p>
      </SectionHeading>
      <p className="mt-8">
        <Link to={href(pagePaths.story)} className="btn-secondary">
          {t("home.intro.link")}
        </Link>
      </p>
    </section>
  );
}
