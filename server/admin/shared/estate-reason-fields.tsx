/**
 * The reason the estate gives a guest when it cancels or moves their visit (../../bookings/estate-reason.ts):
 * a ready reason to choose and words of the staff's own, on the booking's page and on a schedule
 * change's warning. The guest's e-mail says the estate made the change and apologises, gives the
 * reason in the guest's language, quotes the words as written, and says what happens to a deposit
 * or a gift voucher.
 */
import { z } from "zod";
import { isWellFormedText, neutraliseText } from "#forms/text";
import { estateReasons, type EstateReason } from "../../bookings/estate-reason";
import type { ViewContext } from "./view-context";

/** The fields' names, as the forms send them. */
export const whyFields = { preset: "whyPreset", note: "whyNote" } as const;

/** At most this many characters of the staff's own words. */
const noteMax = 500;

/**
 * The two fields as a zod shape for a button form: a ready reason (anything else reads as
 * "other"), and the words, cleaned and trimmed (longer than the field allows, or not well formed:
 * refused, naming the field).
 */
export const whyShape = {
  [whyFields.preset]: z.enum(estateReasons).catch("other"),
  [whyFields.note]: z
    .string()
    .transform((text) => neutraliseText(text).trim())
    .pipe(z.string().max(noteMax).refine(isWellFormedText))
    .default(""),
};

/** The reason from the fields as parsed. */
export const reasonOf = (fields: { whyPreset: EstateReason["preset"]; whyNote: string }): EstateReason => ({ preset: fields.whyPreset, note: fields.whyNote });

/** The reason from fields as typed, for a form read loosely (the schedule change's warning): unknown or too long reads as none. */
export function reasonFromTyped(fields: Readonly<Record<string, unknown>>): EstateReason {
  const parsed = z.object(whyShape).safeParse({ whyPreset: fields[whyFields.preset] ?? "other", whyNote: fields[whyFields.note] ?? "" });
  return parsed.success ? reasonOf(parsed.data) : { preset: "other", note: "" };
}

/**
 * The reason to choose and the words to add, as typed before (`typed`). On a booking's page the
 * staff choose (the guest may have asked for it); a schedule change is always the estate's.
 */
export function EstateReasonFields({ view, typed = {}, guestMayAsk }: { view: ViewContext; typed?: Readonly<Record<string, string>>; guestMayAsk: boolean }) {
  const offered = estateReasons.filter((id) => guestMayAsk || id !== "guestAsked");
  return (
    <div className="estate-reason">
      <label>
        {view.t("estateReason.label")}
        <select name={whyFields.preset} defaultValue={typed[whyFields.preset] ?? (guestMayAsk ? "" : "other")} required>
          {guestMayAsk ? <option value="">{view.t("estateReason.choose")}</option> : null}
          {offered.map((id) => (
            <option key={id} value={id}>
              {view.t(`estateReason.${id}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {view.t("estateReason.note")}
        <textarea name={whyFields.note} maxLength={noteMax} rows={2} defaultValue={typed[whyFields.note] ?? ""} />
      </label>
      <p className="help">{view.t("estateReason.help")}</p>
    </div>
  );
}
