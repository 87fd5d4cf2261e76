import { Link } from "react-router";
import type { Route } from "./+types/events";
import { EventCard } from "~/components/events/event-card";
import { eventsView } from "~/components/events/views.server";
import { PageHero } from "~/components/ui/page-hero";
import { useI18n } from "~/lib/i18n/context";
import { pageLanguage, pageMessages } from "~/lib/i18n/messages.server";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "#core/paths";
import type { FirstPaintHandle } from "~/lib/first-paint";
import { contentOf } from "~/lib/content.server";

// Largest paint on a phone (Lighthouse, first visit): text, an event's description (docs/performance.md).
export const handle: FirstPaintHandle = { font: "body" };

/** Runs at build: the events' dates and times in the page's language. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { ...eventsView(contentOf(context), pageLanguage(request)), messages: pageMessages(request, ["events"]) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "events.meta.title", description: "events.meta.description", path: pagePaths.events });

/** The events page (spec §2): upcoming and past events, and an invitation to host one at the estate. */
export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const contact = (subject: string) => `${href(pagePaths.contact)}?subject=${subject}#contact-form`;
  return (
    <>
      <PageHero title={t("events.hero.title")} subtitle={t("events.hero.subtitle")} />

      <section aria-labelledby="upcoming-title" className="mx-auto max-w-6xl px-6 pt-20">
        <h2 id="upcoming-title" className="text-4xl">
          {t("events.upcoming")}
        </h2>
        <ul className="mt-10 grid gap-8 md:grid-cols-2" data-testid="upcoming-events">
          {loaderData.upcoming.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="past-title" className="mx-auto max-w-6xl px-6 py-20">
        <h2 id="past-title" className="text-4xl">
          {t("events.past")}
        </h2>
        <ul className="mt-10 grid gap-8 md:grid-cols-2" data-testid="past-events">
          {loaderData.past.map((event) => (
            <EventCard key={event.id} event={event} />
          ))}
        </ul>
      </section>

      <section aria-labelledby="host-title" className="bg-wine-900 px-6 py-20 text-center text-cream-100">
        <div className="mx-auto max-w-2xl">
          <h2 id="host-title" className="text-4xl text-cream-50">
            {t("events.host.title")}
          </h2>
          <p className="mt-4 text-lg">{t("events.host.text")}</p>
          <div className="mt-10 flex flex-col justify-center gap-4 sm:flex-row">
            <Link to={contact("event-private")} className="btn-primary bg-gold-400 text-wine-950 hover:bg-gold-200">
              {t("events.host.private")}
            </Link>
            <Link to={contact("event-corporate")} className="btn-light">
              {t("events.host.corporate")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
