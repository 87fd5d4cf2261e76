import type { Route } from "./+types/become-importer";
import { ApplicationForm } from "~/components/importer/application-form";
import { importerView } from "~/components/importer/views.server";
import { PointList } from "~/components/importer/point-list";
import { WorldMap } from "~/components/importer/world-map";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageI18n, pageMessages } from "~/lib/i18n/messages.server";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "#core/paths";
import { SectionHeading } from "~/components/ui/section-heading";
import type { FirstPaintHandle } from "~/lib/first-paint";
import { contentOf } from "~/lib/content.server";

// Largest paint on a phone (Lighthouse, first visit): the world map; largest text: the presence paragraph (docs/performance.md).
export const handle: FirstPaintHandle = { font: "body" };

/** Runs at build: the programme's claims and words in the page's language. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { ...importerView(contentOf(context), pageI18n(request)), messages: pageMessages(request, ["importer", "forms"]) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "importer.meta.title", description: "importer.meta.description", path: pagePaths.becomeImporter });

/** The importer page (spec §2): presence and reach, benefits, requirements, commitments, application. */
export default function BecomeImporterPage({ loaderData: importer }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <PageHero title={t("importer.hero.title")} subtitle={t("importer.hero.subtitle")} />

      <section aria-labelledby="presence-title" className="mx-auto max-w-6xl px-6 py-20">
        <SectionHeading id="presence-title" eyebrow={t("importer.presence.eyebrow")} title={t("importer.presence.title")}>
          <p>{importer.presence}</p>
        </SectionHeading>
        <div className="mt-10">
          <WorldMap />
        </div>
        <div className="mt-10 flex flex-col items-center justify-center gap-10 sm:flex-row">
          <dl className="flex flex-wrap justify-center gap-x-12 gap-y-6 text-center" data-testid="reach">
            {importer.figures.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-ink-700">{stat.label}</dt>
                {/* One line per figure: "Plus de 15" moves below its neighbour rather than breaking. */}
                <dd className="font-heading text-5xl font-semibold whitespace-nowrap text-wine-800">{stat.figure}</dd>
              </div>
            ))}
          </dl>
          <a href="#application-form" className="btn-primary">
            {t("importer.presence.apply")}
          </a>
        </div>
      </section>

      <section aria-labelledby="benefits-title" className="bg-cream-100 px-6 py-20">
        <div className="mx-auto max-w-6xl">
          <h2 id="benefits-title" className="mb-10 text-center text-4xl">
            {t("importer.benefits.title")}
          </h2>
          <PointList points={importer.benefits} columns />
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-12 px-6 py-20 lg:grid-cols-2">
        <section aria-labelledby="requirements-title">
          <h2 id="requirements-title" className="mb-8 text-4xl">
            {t("importer.requirements.title")}
          </h2>
          <PointList points={importer.requirements} />
        </section>
        <section aria-labelledby="commitments-title">
          <h2 id="commitments-title" className="mb-8 text-4xl">
            {t("importer.commitments.title")}
          </h2>
          <PointList points={importer.commitments} />
        </section>
      </div>

      <section id="application-form" aria-labelledby="application-title" className="bg-cream-100 px-6 py-20">
        <div className="mx-auto max-w-3xl">
          <h2 id="application-title" className="text-center text-4xl">
            {t("importer.form.title")}
          </h2>
          <p className="mt-4 text-center text-ink-700">{t("importer.form.intro")}</p>
          <p className="mt-2 mb-10 text-center font-semibold text-wine-800" data-testid="answer-promise">
            {importer.promise}
          </p>
          <ApplicationForm answerWithinHours={importer.answerWithinHours} />
        </div>
      </section>
    </>
  );
}
