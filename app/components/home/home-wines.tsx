import { Link } from "react-router";
import type { WineCardView } from "~/components/wine/views";
import { WineGrid } from "~/components/wine/wine-grid";
import { useI18n } from "~/lib/i18n/context";
import { pagePaths } from "#core/paths";
import { SectionHeading } from "~/components/ui/section-heading";

/** The home page's wines (spec §2, §9): at most three Château wines, then the two Cuvée 9. */
export function HomeWines({ chateau, cuvee9 }: { chateau: WineCardView[]; cuvee9: WineCardView[] }) {
  const { t, href } = useI18n();
  return (
    <>
      <section aria-labelledby="home-chateau" className="border-y border-cream-200 bg-white px-6 py-20">
        <div className="mx-auto max-w-7xl">
          <SectionHeading id="home-chateau" eyebrow={t("home.chateau.eyebrow")} title={t("home.chateau.title")}>
            <p>{t("home.chateau.text")}</p>
          </SectionHeading>
          <div className="mt-12">
            <WineGrid cards={chateau} columns={3} />
          </div>
        </div>
      </section>
      <section aria-labelledby="home-cuvee9" className="px-6 py-20">
        <SectionHeading id="home-cuvee9" eyebrow={t("home.cuvee9.eyebrow")} title={t("home.cuvee9.title")}>
          <p>{t("home.cuvee9.text")}</p>
        </SectionHeading>
        <div className="mt-12">
          <WineGrid cards={cuvee9} columns={2} />
        </div>
        <p className="mt-12 text-center">
          <Link to={href(pagePaths.shop)} className="btn-primary">
            {t("home.chateau.link")}
          </Link>
        </p>
      </section>
    </>
  );
}
