import type { Route } from "./+types/villa";
import { ExternalLink } from "~/components/ui/external-link";
import { PageHero } from "~/components/ui/page-hero";
import { Picture } from "~/components/ui/picture";
import { Amenities } from "~/components/villa/amenities";
import { VillaEnquiryForm } from "~/components/villa/villa-enquiry-form";
import { villaView } from "~/components/villa/views.server";
import { useI18n } from "~/lib/i18n/context";
import { pageI18n, pageMessages } from "~/lib/i18n/messages.server";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "#core/paths";
import { SectionHeading } from "~/components/ui/section-heading";
import type { FirstPaintHandle } from "~/lib/first-paint";
import { contentOf } from "~/lib/content.server";

// Largest paint on a phone (Lighthouse, first visit): the exterior picture; largest text: the villa's description (docs/performance.md).
export const handle: FirstPaintHandle = { font: "body" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "villa.meta.title", description: "villa.meta.description", path: pagePaths.villa });

/** Runs at build: the pictures and the villa's words in the page's language, so no content rides in the page's JavaScript. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { ...villaView(contentOf(context), pageI18n(request)), messages: pageMessages(request, ["villa", "contact", "forms"]) };
}

/** The villa page (spec §2): the house, its amenities, a gallery, where it is and how to book it, and an enquiry that reaches the staff inbox. */
export default function VillaPage({ loaderData: view }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <>
      <PageHero title={t("villa.hero.title")} subtitle={t("villa.hero.subtitle")} />

      <Picture image={view.exterior.picture} alt={view.exterior.alt} sizes="100vw" priority imgClassName="aspect-[16/7] max-h-[70svh] w-full object-cover" />

      <section aria-labelledby="villa-experience-title" className="mx-auto max-w-3xl px-6 py-20 text-center">
        <SectionHeading id="villa-experience-title" eyebrow={t("villa.experience.eyebrow")} title={t("villa.experience.title")}>
          {view.experience.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </SectionHeading>
      </section>

      <section aria-labelledby="amenities-title" className="bg-cream-100 px-6 py-20">
        <div className="mx-auto max-w-6xl">
          <h2 id="amenities-title" className="mb-12 text-center text-4xl">
            {t("villa.amenities.title")}
          </h2>
          <Amenities amenities={view.amenities} />
        </div>
      </section>

      <section aria-labelledby="gallery-title" className="mx-auto max-w-6xl px-6 py-20">
        <h2 id="gallery-title" className="mb-12 text-center text-4xl">
          {t("villa.gallery.title")}
        </h2>
        <ul className="grid gap-6 md:grid-cols-3">
          {view.gallery.map(({ id, picture, caption, alt }) => (
            <li key={id}>
              <figure>
                <Picture image={picture} alt={alt} sizes="(min-width: 768px) 33vw, 100vw" imgClassName="aspect-[4/3] w-full rounded-sm object-cover" />
                <figcaption className="mt-3 text-center font-heading text-xl text-wine-800">{caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="location-title" className="bg-wine-900 px-6 py-20 text-cream-100">
        <div className="mx-auto grid max-w-6xl gap-12 lg:grid-cols-2">
          <div>
            <h2 id="location-title" className="text-4xl text-cream-50">
              {t("villa.location.title")}
            </h2>
            <p className="mt-6 text-lg leading-relaxed">{view.location}</p>
            <ul className="mt-6 space-y-3" data-testid="villa-distances">
              <li className="flex gap-3">
                <span aria-hidden="true" className="text-gold-400">
                  ◆
                </span>
                {view.distances.village}
              </li>
              <li className="flex gap-3">
                <span aria-hidden="true" className="text-gold-400">
                  ◆
                </span>
                {view.distances.bordeaux}
              </li>
              <li className="flex gap-3">
                <span aria-hidden="true" className="text-gold-400">
                  ◆
                </span>
                {view.surroundings}
              </li>
            </ul>
          </div>
          <div className="rounded-sm bg-wine-800 p-8">
            <h2 className="text-3xl text-cream-50">{t("villa.booking.title")}</h2>
            <p className="mt-4 leading-relaxed">{t("villa.booking.text")}</p>
            <ul className="mt-8 flex flex-col gap-4 sm:flex-row">
              {view.rentals.map((rental) => (
                <li key={rental.url}>
                  <ExternalLink href={rental.url} className="btn-light w-full sm:w-auto">
                    {t("villa.booking.bookOn", { site: rental.name })}
                  </ExternalLink>
                </li>
              ))}
            </ul>
            <p className="mt-8 border-t border-wine-700 pt-6">
              {/* A sentence ending on a full-width colon (Japanese) takes no space before the address (JN8). */}
              {t("villa.booking.direct")}
              {t("villa.booking.direct").endsWith("：") ? "" : " "}
              <a href={`mailto:${view.email}`} className="font-semibold text-cream-50 underline decoration-gold-400 underline-offset-4 hover:text-gold-200">
                {view.email}
              </a>
            </p>
          </div>
        </div>
      </section>

      <section id="villa-enquiry" aria-labelledby="villa-enquiry-title" className="mx-auto max-w-3xl px-6 py-20">
        <h2 id="villa-enquiry-title" className="text-3xl">
          {t("villa.enquiry.title")}
        </h2>
        <p className="mt-3 mb-8 text-ink-700">{t("villa.enquiry.intro")}</p>
        <VillaEnquiryForm />
      </section>
    </>
  );
}
