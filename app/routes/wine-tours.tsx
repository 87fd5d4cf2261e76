import { useState } from "react";
import type { Route } from "./+types/wine-tours";
import { BookingForm } from "~/components/tours/booking-form";
import { PackageCard } from "~/components/tours/package-card";
import { TourHighlights } from "~/components/tours/tour-highlights";
import { toursView } from "~/components/tours/views.server";
import { PageHero } from "~/components/ui/page-hero";
import { Message, useI18n } from "~/lib/i18n/context";
import { pageI18n, pageMessages } from "~/lib/i18n/messages.server";
import { pageMeta } from "~/lib/meta";
import { apiPaths, pagePaths } from "#core/paths";
import { SectionHeading } from "~/components/ui/section-heading";
import type { FirstPaintHandle } from "~/lib/first-paint";
import { contentOf } from "~/lib/content.server";

// Largest paint on a phone (Lighthouse, first visit): text, the experience paragraph (docs/performance.md).
export const handle: FirstPaintHandle = { font: "body" };

/** Runs at build: prices and facts in the page's language, so no content file rides in the page's JavaScript. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { ...toursView(contentOf(context), pageI18n(request)), messages: pageMessages(request, ["wineTours", "forms"]) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "wineTours.meta.title", description: "wineTours.meta.description", path: pagePaths.wineTours });

/** The wine tours page (spec §2): experience, packages to choose, highlights, the journey, booking. */
export default function WineToursPage({ loaderData: view }: Route.ComponentProps) {
  const { t, lang } = useI18n();
  // Spec §4: nothing is chosen at first; any card can be chosen, and changed, at any time.
  const [selected, setSelected] = useState<string | null>(null);

  return (
    <>
      <PageHero title={t("wineTours.hero.title")} subtitle={t("wineTours.hero.subtitle")} />

      <section aria-labelledby="experience-title" className="mx-auto max-w-3xl px-6 py-20 text-center">
        <SectionHeading id="experience-title" eyebrow={t("wineTours.experience.eyebrow")} title={t("wineTours.experience.title")}>
          <p>{t("wineTours.experience.text1")}</p>
          <p>{t("wineTours.experience.text2")}</p>
        </SectionHeading>
      </section>

      <section id="packages" aria-labelledby="packages-title" className="bg-cream-100 px-6 py-20">
        <div className="mx-auto max-w-6xl">
          <h2 id="packages-title" className="text-center text-4xl">
            {t("wineTours.packages.title")}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-center text-ink-700">{t("wineTours.packages.intro")}</p>
          <ul className="mt-12 grid gap-8 lg:grid-cols-3">
            {view.packages.map((tour) => (
              <PackageCard key={tour.id} tour={tour} facts={view.packageFacts} selected={selected === tour.id} onSelect={() => setSelected(tour.id)} />
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="highlights-title" className="mx-auto max-w-6xl px-6 py-20">
        <h2 id="highlights-title" className="sr-only">
          {t("wineTours.highlights.label")}
        </h2>
        <TourHighlights titles={view.highlights} />
      </section>

      <section aria-labelledby="journey-title" className="bg-wine-900 px-6 py-20 text-cream-100">
        <div className="mx-auto max-w-3xl">
          <h2 id="journey-title" className="text-center text-4xl text-cream-50">
            {t("wineTours.journey.title")}
          </h2>
          <p className="mt-6 text-lg leading-relaxed">{t("wineTours.journey.description")}</p>
          <div className="mt-10 grid gap-10 sm:grid-cols-2">
            <div>
              <h3 className="text-2xl text-gold-200">{t("wineTours.journey.availability.title")}</h3>
              <ul className="mt-3 list-disc space-y-1 pl-5">
                <li>{t("wineTours.journey.availability.schedule")}</li>
                <li>{t("wineTours.journey.availability.languages", { languages: view.guideLanguages })}</li>
                {view.transportProvided ? null : <li>{t("wineTours.journey.availability.transport")}</li>}
              </ul>
            </div>
            <div>
              <h3 className="text-2xl text-gold-200">{t("wineTours.journey.pricing.title")}</h3>
              <ul className="mt-3 space-y-1">
                {view.packages.map((tour) => (
                  <li key={tour.id} className="border-b border-wine-700 py-1">
                    <p className="flex justify-between gap-4">
                      <span className="estate-name">{tour.title}</span>
                      <span className="shrink-0 font-semibold whitespace-nowrap text-cream-50">
                        {t("wineTours.journey.pricing.perPerson", { price: tour.price })}
                      </span>
                    </p>
                    {tour.otherPrices.map((line) => (
                      <p key={line} className="text-sm">
                        {line}
                      </p>
                    ))}
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-sm">{t("wineTours.journey.pricing.note")}</p>
              {/* A gift card is bought on a page of the server (its checkout), in the page's language. */}
              <p className="mt-3 text-sm">
                <a href={`${apiPaths.giftVoucherOrder}?lang=${lang}`} className="underline underline-offset-4">
                  {t("wineTours.journey.pricing.giftVoucher")}
                </a>
              </p>
            </div>
          </div>
          <div className="mt-10">
            <h3 className="text-2xl text-gold-200">{t("wineTours.journey.meeting.title")}</h3>
            <dl className="mt-3 grid gap-4 sm:grid-cols-3">
              {view.packages.map((tour) => (
                <div key={tour.id}>
                  <dt className="font-semibold text-cream-50">{tour.title}</dt>
                  <dd className="mt-1">
                    <Message
                      id="wineTours.journey.meeting.place"
                      values={{ place: tour.meetingPoint.place, address: tour.meetingPoint.address }}
                      components={{ place: <span className="estate-name" /> }}
                    />
                  </dd>
                  <dd className="mt-1 text-sm">{tour.meetingPoint.directions}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </section>

      <section id="booking-form" aria-labelledby="booking-title" className="mx-auto max-w-3xl px-6 py-20">
        <h2 id="booking-title" className="text-center text-4xl">
          {t("wineTours.form.title")}
        </h2>
        <p className="mt-4 mb-10 text-center text-ink-700">{t("wineTours.form.intro", { languages: view.guidedIn })}</p>
        <BookingForm tour={view.packages.find((tour) => tour.id === selected)} onBooked={() => setSelected(null)} />
      </section>
    </>
  );
}
