import { typeClass, typeLabel } from "~/components/events/event-type";
import type { EventView } from "~/components/events/views";
import { useI18n } from "~/lib/i18n/context";

function Icon({ d }: { d: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mt-0.5 size-4 shrink-0 text-gold-600"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={d} />
    </svg>
  );
}

const calendar = "M8 3v3m8-3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z";
const clock = "M12 7v5l3 2M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0z";
const pin = "M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21zm0-9a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z";

/** An event card (spec §3): type badge, title, date (and time when upcoming), location, description. */
export function EventCard({ event }: { event: EventView }) {
  const { t } = useI18n();
  return (
    <li id={event.id} data-event={event.id} className="flex flex-col rounded-sm bg-white p-7 shadow-sm ring-1 ring-cream-200">
      <p data-type={event.type} className={`self-start rounded-full px-3 py-1 text-xs font-semibold tracking-wider uppercase ${typeClass[event.type]}`}>
        {t(typeLabel[event.type])}
      </p>
      <h3 className="mt-4 text-2xl">{event.title}</h3>
      <dl className="mt-4 space-y-2 text-sm text-ink-700">
        <div>
          <dt className="sr-only">{t("events.date")}</dt>
          <dd className="flex gap-2">
            <Icon d={calendar} />
            <time dateTime={event.datetime}>{event.dateLabel}</time>
          </dd>
        </div>
        {event.timeLabel ? (
          <div>
            <dt className="sr-only">{t("events.time")}</dt>
            <dd className="flex gap-2">
              <Icon d={clock} />
              <span data-testid="event-time">{event.timeLabel}</span>
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="sr-only">{t("events.location")}</dt>
          <dd className="flex gap-2">
            <Icon d={pin} />
            <span>{event.location}</span>
          </dd>
        </div>
      </dl>
      <p className="mt-4 leading-relaxed text-ink-700">{event.description}</p>
    </li>
  );
}
