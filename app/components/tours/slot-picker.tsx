import { useEffect, useState } from "react";
import { formatEventDate, formatTime } from "#core/format";
import { apiPaths } from "#core/paths";
import { Message, useI18n } from "~/lib/i18n/context";

/** A slot as the availability API answers (server/api/tours.tsx). */
export interface ApiSlot {
  start: string;
  capacity: number;
  placesLeft: number;
}

/** How many days after the chosen one are searched for the next day with places. */
const searchDays = 31;

type Load = { state: "loading" } | { state: "failed" } | { state: "ready"; slots: ApiSlot[] };

/** The day after `date` + `days`, `YYYY-MM-DD`. */
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The estate's local time of a slot: its `start` is written in the estate's zone with that day's
 * offset (`2027-03-29T10:00:00+02:00`), so the day and the hour are the estate's as written.
 */
const localDay = (start: string) => start.slice(0, 10);
const localTime = (start: string) => start.slice(11, 16);

/**
 * The slots of an availability answer. A refused answer rejects, and so does one whose body is
 * not `{ slots: [...] }` (a proxy's page, a changed API): the form then says the times could not
 * be loaded instead of crashing on a missing list.
 */
export async function readSlots(response: Response): Promise<ApiSlot[]> {
  if (!response.ok) throw new Error(String(response.status));
  const body = (await response.json()) as { slots?: unknown } | null;
  const slots = body?.slots;
  if (!Array.isArray(slots) || !slots.every(isApiSlot)) throw new Error("malformed availability answer");
  return slots;
}

/** Whether a value has the fields of a slot the picker draws. */
const isApiSlot = (value: unknown): value is ApiSlot => {
  const slot = value as Partial<ApiSlot> | null;
  return typeof slot?.start === "string" && typeof slot.capacity === "number" && typeof slot.placesLeft === "number";
};

/** The availability of a package from a day on, as loaded from the API; loading again whenever the request changes. */
function useAvailability(pkg: string, date: string, refresh: number): Load {
  const key = `${pkg} ${date} ${refresh}`;
  const [answer, setAnswer] = useState<{ key: string; load: Load } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams({ package: pkg, from: date, to: addDays(date, searchDays) });
    fetch(`${apiPaths.tourAvailability}?${query}`, { signal: controller.signal, headers: { Accept: "application/json" } })
      .then(readSlots)
      .then((slots) => setAnswer({ key, load: { state: "ready", slots } }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ key, load: { state: "failed" } });
      });
    return () => controller.abort();
  }, [key, pkg, date]);
  return answer?.key === key ? answer.load : { state: "loading" };
}

interface SlotPickerProps {
  pkg: string;
  /** The day chosen in the form's date field, `YYYY-MM-DD`. */
  date: string;
  /** The chosen slot's `start`, or "" for no preference. */
  value: string;
  /** A time chosen (`full`: it has no place left, so the booking asks for its waitlist). */
  onChange: (start: string, full: boolean) => void;
  /** Chooses another day in the form's date field. */
  onPickDate: (date: string) => void;
  /** Changes when the times must be loaded again (after a refused booking). */
  refresh: number;
}

/**
 * The times of the chosen day, with the places left, in the page's language and the estate's
 * time ("Paris time"); a full time can be chosen to join its waitlist; a day without times says so and
 * offers the next day with places. "No preference" keeps the form a request the estate answers.
 */
export function SlotPicker({ pkg, date, value, onChange, onPickDate, refresh }: SlotPickerProps) {
  const { t, lang } = useI18n();
  const load = useAvailability(pkg, date, refresh);
  if (load.state === "loading") return <p className="text-sm text-ink-700 sm:col-span-2" role="status">{t("wineTours.slots.loading")}</p>;
  if (load.state === "failed") return <p className="text-sm text-ink-700 sm:col-span-2" role="status">{t("wineTours.slots.failed")}</p>;
  const today = load.slots.filter((slot) => localDay(slot.start) === date);
  const next = load.slots.find((slot) => localDay(slot.start) > date && slot.placesLeft > 0);
  const open = today.some((slot) => slot.placesLeft > 0);
  return (
    <fieldset className="rounded-sm border border-cream-200 p-4 sm:col-span-2" data-testid="tour-times">
      <legend className="px-1 text-sm font-semibold text-ink-900">{t("wineTours.slots.legend", { date: formatEventDate(date, lang) })}</legend>
      {today.length === 0 ? <p className="text-ink-700">{t("wineTours.slots.none")}</p> : null}
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {today.map((slot) => (
          <label key={slot.start} className="flex cursor-pointer items-center gap-3 rounded-sm border border-ink-600 px-3 py-2.5">
            {/* A full time can still be chosen: the booking then joins its waitlist. */}
            <input type="radio" name="slot" value={slot.start} checked={value === slot.start} onChange={() => onChange(slot.start, slot.placesLeft === 0)} />
            <span>
              <Message
                id="wineTours.slots.option"
                values={{ time: formatTime(localTime(slot.start), lang), places: slot.placesLeft === 0 ? t("wineTours.slots.waitlist") : t("wineTours.slots.placesLeft", { count: slot.placesLeft }) }}
                components={{ time: <span className="font-semibold" /> }}
              />
            </span>
          </label>
        ))}
        <label className="flex cursor-pointer items-center gap-3 rounded-sm border border-ink-600 px-3 py-2.5 sm:col-span-2">
          <input type="radio" name="slot" value="" checked={value === ""} onChange={() => onChange("", false)} />
          <span>{t("wineTours.slots.any")}</span>
        </label>
      </div>
      {!open && next ? (
        <button type="button" className="link mt-3 text-left" onClick={() => onPickDate(localDay(next.start))}>
          {t("wineTours.slots.next", { date: formatEventDate(localDay(next.start), lang) })}
        </button>
      ) : null}
    </fieldset>
  );
}

/**
 * The day chosen in the form's date field, written out as the page's language writes a date: the
 * browser's own date field may write it in another (12/10/2026 on a Japanese page). Shown before a
 * tour is chosen; afterwards the times' legend says it.
 */
export function ChosenDay({ date }: { date: string }) {
  const { t, lang } = useI18n();
  return (
    <p className="-mt-3 text-sm text-ink-700 sm:col-span-2" aria-live="polite">
      {t("wineTours.form.dateChosen", { date: formatEventDate(date, lang) })}
    </p>
  );
}

/** Under the form's date field: the day chosen written out before a tour is chosen, the day's times once one is. */
export function DayTimes({ pkg, ...props }: Omit<SlotPickerProps, "pkg"> & { pkg: string | null }) {
  return pkg ? <SlotPicker pkg={pkg} {...props} /> : <ChosenDay date={props.date} />;
}
