import { Link } from "react-router";
import { useI18n } from "~/lib/i18n/context";
import { pagePaths } from "#core/paths";
import { SectionHeading } from "~/components/ui/section-heading";

/** The home page's Grand Cru introduction, leading to the story (spec §2). */
export function GrandCruIntro({ hectares: area }: { hectares: number }) {
  const { t, tag, href } = useI18n();
  const hectares = new Intl.NumberFormat(tag).format(area);
  return (
    <section aria-labelledby="home-intro" className="mx-auto max-w-3xl px-6 py-20 text-center sm:py-28">
      <SectionHeading id="home-intro" eyebrow={t("home.intro.eyebrow")} title={t("home.intro.title")} size="large">
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
