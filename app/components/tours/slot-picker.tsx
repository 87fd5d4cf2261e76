import { useEffect, useState } from "react";
import { formatEventDate, formatPrice, formatTime } from "#core/format";
import { apiPaths } from "#core/paths";
import { quoteTour, type TourPrices } from "#core/tour-price";
import { bookingAction, type PackageRules } from "~/components/tours/booking-action";
import { defaultCutoffHours } from "#forms/tour-booking";
import { Message, useI18n } from "~/lib/i18n/context";

/** A slot as the availability API answers (server/api/tours.tsx). */
export interface ApiSlot {
  start: string;
  capacity: number;
  placesLeft: number;
}

/** How many days after the chosen one are searched for the next day with places. */
const searchDays = 31;

type Load = { state: "loading" } | { state: "failed" } | ({ state: "ready"; slots: ApiSlot[] } & PackageRules);

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
  return (await readAvailability(response)).slots;
}

/**
 * The slots of an availability answer, and the package's rules: its minimum group and deposit (none
 * when the answer names none), its cut-off (the schedule's default when it names none) and whether
 * the estate confirms its bookings itself (not unless the answer says so).
 */
async function readAvailability(response: Response): Promise<{ slots: ApiSlot[] } & PackageRules> {
  if (!response.ok) throw new Error(String(response.status));
  const body = (await response.json()) as {
    slots?: unknown;
    minGuests?: unknown;
    depositPercent?: unknown;
    cutoffHours?: unknown;
    instantConfirm?: unknown;
  } | null;
  const slots = body?.slots;
  if (!Array.isArray(slots) || !slots.every(isApiSlot)) throw new Error("malformed availability answer");
  const count = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);
  return {
    slots,
    minGuests: count(body?.minGuests, 1),
    depositPercent: count(body?.depositPercent, 0),
    cutoffHours: count(body?.cutoffHours, defaultCutoffHours),
    instantConfirm: body?.instantConfirm !== false,
  };
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
      .then(readAvailability)
      .then((ready) => setAnswer({ key, load: { state: "ready", ...ready } }))
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
  /** A time chosen (`full`: it has no place left, so the booking asks for its waitlist), with its package's rules. */
  onChange: (start: string, full: boolean, rules: PackageRules) => void;
  /** Chooses another day in the form's date field. */
  onPickDate: (date: string) => void;
  /** Changes when the times must be loaded again (after a refused booking). */
  refresh: number;
  /** The package's prices and what the visitor chose of them; null before a package is chosen. */
  offer: Offer | null;
}

/** The price of the chosen package as the group is typed, a private tour, a gift voucher. */
interface Offer {
  prices: TourPrices;
  /** The group's size as typed (0 while empty: priced as one person, as the booking counts it). */
  guests: number;
  privateTour: boolean;
  onPrivate: (wish: boolean) => void;
  voucher: string;
  onVoucher: (code: string) => void;
  /** What the form's button says for this time, as the visitor's choices word it (./booking-action.ts). */
  onBookingLabel: (label: string) => void;
}

/**
 * Under the chosen time: a private tour (offered while nobody has booked that time), the price
 * per person and in total for the group as typed, the deposit paid online, the tour's minimum
 * group, and a gift voucher's code. Prices in the page's language, worked out as the server does
 * (core/tour-price.ts).
 */
function Extras({ offer, slot, rules }: { offer: Offer; slot: ApiSlot; rules: PackageRules }) {
  const { t, lang } = useI18n();
  const { prices, privateTour } = offer;
  const people = Math.max(1, offer.guests);
  const privateOffered = prices.privatePrice !== undefined;
  const free = slot.placesLeft === slot.capacity;
  const quote = quoteTour(prices, people, privateTour && free);
  const money = (cents: number) => formatPrice(cents / 100, lang);
  const total = money(quote.totalCents);
  const perPerson = money(quote.perPersonCents);
  // The button's words for this time: a deposit names its amount, else the obligation to pay.
  const action = bookingAction({
    slot: slot.start,
    full: slot.placesLeft === 0,
    rules,
    prices,
    guests: people,
    privateTour: privateTour && free,
    voucher: offer.voucher,
  });
  const label = action.kind === "deposit" ? t("wineTours.form.submit.deposit", { deposit: money(action.cents) }) : t("wineTours.form.submit.firm");
  const { onBookingLabel } = offer;
  useEffect(() => onBookingLabel(label), [onBookingLabel, label]);
  // The tier a group of this size reaches, for the line that names it ("Group price from 6 people").
  const tier =
    quote.basis === "tier" || quote.basis === "group"
      ? [...(prices.groupPrices ?? [])].sort((a, b) => b.from - a.from).find((one) => one.from <= people)
      : undefined;
  return (
    <div className="mt-3 grid gap-3">
      {privateOffered ? (
        free ? (
          <label className="flex cursor-pointer items-center gap-3">
            <input type="checkbox" checked={privateTour} onChange={(event) => offer.onPrivate(event.target.checked)} />
            <span>{t("wineTours.private.label", { price: money(Math.round((prices.privatePrice ?? 0) * 100)) })}</span>
          </label>
        ) : (
          <p className="text-sm text-ink-700">{t("wineTours.private.unavailable")}</p>
        )
      ) : null}
      <p className="font-semibold text-wine-800" data-testid="tour-price" aria-live="polite">
        {quote.basis === "private"
          ? t("wineTours.price.private", { total, perPerson })
          : quote.basis === "group"
            ? t("wineTours.price.group", { total, perPerson, from: tier?.from ?? people })
            : t("wineTours.price.line", { count: people, perPerson, total })}
        {quote.basis === "tier" && tier ? (
          <span className="block text-sm font-normal text-ink-700">{t("wineTours.price.tier", { from: tier.from, perPerson })}</span>
        ) : null}
      </p>
      {rules.depositPercent > 0 && rules.instantConfirm ? (
        <p className="text-sm text-ink-700">
          {t("wineTours.price.deposit", { deposit: money(Math.round((quote.totalCents * rules.depositPercent) / 100)) })}{" "}
          {t("wineTours.price.depositTerms", { hours: rules.cutoffHours })}
        </p>
      ) : null}
      {rules.minGuests > 1 && !(privateTour && free) ? (
        <p className="text-sm text-ink-700">{t("wineTours.price.minimum", { minimum: rules.minGuests })}</p>
      ) : null}
      <div>
        <label htmlFor="tour-voucher" className="block text-sm font-semibold text-ink-900">
          {t("wineTours.voucher.label")}
        </label>
        <input
          id="tour-voucher"
          type="text"
          autoComplete="off"
          maxLength={40}
          value={offer.voucher}
          onChange={(event) => offer.onVoucher(event.target.value)}
          aria-describedby="tour-voucher-help"
          className="mt-1.5 block w-full rounded-sm border border-ink-600 bg-white px-3 py-2.5 text-ink-900"
        />
        <p id="tour-voucher-help" className="mt-1 text-sm text-ink-700">
          {t("wineTours.voucher.help")}
        </p>
      </div>
    </div>
  );
}

/**
 * The times of the chosen day, with the places left, in the page's language and the estate's
 * time ("Paris time"); a full time can be chosen to join its waitlist; a day without times says so and
 * offers the next day with places. "No preference" keeps the form a request the estate answers.
 */
function SlotPicker({ pkg, date, value, onChange, onPickDate, refresh, offer }: SlotPickerProps) {
  const { t, lang } = useI18n();
  const load = useAvailability(pkg, date, refresh);
  if (load.state === "loading")
    return (
      <p className="text-sm text-ink-700 sm:col-span-2" role="status">
        {t("wineTours.slots.loading")}
      </p>
    );
  if (load.state === "failed")
    return (
      <p className="text-sm text-ink-700 sm:col-span-2" role="status">
        {t("wineTours.slots.failed")}
      </p>
    );
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
            <input
              type="radio"
              name="slot"
              value={slot.start}
              checked={value === slot.start}
              onChange={() => onChange(slot.start, slot.placesLeft === 0, load)}
            />
            <span>
              <Message
                id="wineTours.slots.option"
                values={{
                  time: formatTime(localTime(slot.start), lang),
                  places: slot.placesLeft === 0 ? t("wineTours.slots.waitlist") : t("wineTours.slots.placesLeft", { count: slot.placesLeft }),
                }}
                components={{ time: <span className="font-semibold" /> }}
              />
            </span>
          </label>
        ))}
        <label className="flex cursor-pointer items-center gap-3 rounded-sm border border-ink-600 px-3 py-2.5 sm:col-span-2">
          <input type="radio" name="slot" value="" checked={value === ""} onChange={() => onChange("", false, load)} />
          <span>{t("wineTours.slots.any")}</span>
        </label>
      </div>
      {offer && value !== "" && today.some((slot) => slot.start === value) ? (
        <Extras offer={offer} slot={today.find((slot) => slot.start === value)!} rules={load} />
      ) : null}
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
function ChosenDay({ date }: { date: string }) {
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
