/**
 * The vocabulary of a form definition (forms/*-form.ts): one entry per field, from which the
 * React form, the API's validation, the storage, the export and the estate's e-mail derive.
 *
 * No zod here: the definitions ride in the page's first-load JavaScript, while the checks
 * (forms/schema.ts) load only when a visitor submits and on the server.
 */
import type { Language } from "#core/languages";

/**
 * What a field holds, which decides its control and its checks:
 * - `line`: one line of text (`<input type="text">`),
 * - `text`: several lines (`<textarea>`),
 * - `email`, `phone` (`type="tel"`), `url`, `date`: the browser's own input types,
 * - `count`: a whole number (`<input type="number" min>`),
 * - `choice`: one of fixed options, chosen by the page (the tour package cards), never typed,
 * - `checkbox`: a box the visitor ticks or leaves unticked (`<input type="checkbox">`; a form post
 *   sends its name only when ticked), stored as 1 or NULL.
 */
export type FieldKind = "line" | "text" | "email" | "phone" | "url" | "date" | "count" | "choice" | "checkbox";

interface FieldBase {
  /** The field's name in the form, the JSON payload and the export's header. */
  name: string;
  /** Its column in the form's SQLite table (server/db/migrations.ts holds the SQL). */
  column: string;
  /** Translation key of its visible label. */
  label: string;
  /** The visitor must fill it in (`required` on the control, refused empty by the API). */
  required: boolean;
  /** The control's `autocomplete` token, so browsers fill in what they know. */
  autoComplete?: string;
  /** A sample value shown in the empty control. */
  placeholder?: string;
}

/** Text, one line or several; at most `max` UTF-16 units once trimmed. */
interface TextField extends FieldBase {
  kind: "line" | "text";
  max: number;
}

/** An address, a phone number or a web address; at most `max` UTF-16 units once trimmed. */
interface FormattedField extends FieldBase {
  kind: "email" | "phone" | "url";
  max: number;
}

/** A calendar day, `YYYY-MM-DD`. */
export interface DateField extends FieldBase {
  kind: "date";
  /** The day must lie between today (anywhere on Earth) and this many years ahead: see `dateWindow`. */
  yearsAhead?: number;
}

/** A whole number from `min` to `max`. */
interface CountField extends FieldBase {
  kind: "count";
  min: number;
  max: number;
}

/** One of `options`. */
export interface ChoiceField extends FieldBase {
  kind: "choice";
  options: readonly string[];
}

/** A box ticked or not: never required (an unticked box says no). */
interface CheckboxField extends FieldBase {
  kind: "checkbox";
  required: false;
}

export type FieldDefinition = TextField | FormattedField | DateField | CountField | ChoiceField | CheckboxField;

/** A column the server fills in itself (the envelope, the newsletter's consent and state). */
export interface KeptColumn {
  /** Its name in the export's header. */
  name: string;
  column: string;
}

export interface FormDefinition {
  /** The form's name in code (`tourBooking`). */
  kind: string;
  /** The last segment of its API path (`/api/tour-bookings`), also the export tool's name for it. */
  slug: string;
  /** The SQLite table that keeps its submissions. */
  table: string;
  /** Message ids of what the visitor reads once it is sent (spec §4's toast titles): the page's toast, or the server's page for a form posted before the page's JavaScript ran. */
  success: { title: string; description: string };
  /** Its fields, in the order the form shows them and the export and the e-mail list them. */
  fields: readonly FieldDefinition[];
  /** Columns the server keeps besides the fields, exported after them. */
  kept: readonly KeptColumn[];
}

/** What every submission carries besides its fields: the page's language and path, and the honeypot. */
interface Envelope {
  language: Language;
  /** The path of the page the form was sent from. */
  page: string;
  /** Hidden from people, filled by bots: a filled one is accepted and dropped. */
  fax?: string;
}

/** The columns every submissions table starts with, in export order. */
export const envelopeColumns = [
  { name: "id", column: "id" },
  { name: "receivedAt", column: "received_at" },
  { name: "language", column: "language" },
  { name: "page", column: "page" },
] as const satisfies readonly KeptColumn[];

/** The longest page path a submission may name. */
export const pageMaxLength = 300;

/** The value a field of this definition holds once checked. */
export type FieldValue<F extends FieldDefinition> = F extends { kind: "count" }
  ? number
  : F extends { kind: "checkbox" }
    ? boolean
    : F extends { kind: "choice"; options: readonly (infer O)[] }
      ? O
      : string;

type FieldsOf<D extends FormDefinition> = D["fields"][number];

/** A checked submission of a form: the envelope, its required fields, and the optional ones it has. */
export type Submission<D extends FormDefinition> = Envelope & {
  [F in Extract<FieldsOf<D>, { required: true }> as F["name"]]: FieldValue<F>;
} & {
  [F in Extract<FieldsOf<D>, { required: false }> as F["name"]]?: FieldValue<F>;
};

/**
 * What became of a tour booking, as the API's answer says it and the page's message follows it:
 * `confirmed` (a time booked and confirmed at once), `pending` (a time held, waiting for the
 * estate), `waitlist` (in line for a full time), `request` (no time named: the estate answers),
 * `payment` (a time held until the deposit is paid at the payment provider's checkout), `minimum`
 * (a time held until enough people booked it for the tour to run).
 */
export type BookingOutcome = "confirmed" | "pending" | "waitlist" | "request" | "payment" | "minimum";

/** The answer of the API to an accepted submission (HTTP 201). */
export interface Accepted {
  ok: true;
  /** The submission's reference, a UUID. */
  id: string;
  /** A tour booking's: what became of it. */
  outcome?: BookingOutcome;
  /** A booking waiting for the estate: within how many hours the estate answers. */
  hours?: number;
  /** A booking held until its deposit is paid: the payment provider's checkout page. */
  checkoutUrl?: string;
  /** A booking waiting for its tour's minimum group: how many people it takes. */
  minimum?: number;
}

const hour = 3_600_000;

/**
 * The days a date field with `yearsAhead` accepts, as `YYYY-MM-DD`, at the time `now`. The
 * visitor's today depends on where they are, so the window runs from today in the last time zone
 * to begin a day (UTC−12) to `yearsAhead` years after today in the first (UTC+14): a date is
 * refused only when it is in the past everywhere, or further ahead than that everywhere.
 */
export function dateWindow(yearsAhead: number, now: number = Date.now()): { earliest: string; latest: string } {
  const latest = new Date(now + 14 * hour);
  latest.setUTCFullYear(latest.getUTCFullYear() + yearsAhead);
  return { earliest: new Date(now - 12 * hour).toISOString().slice(0, 10), latest: latest.toISOString().slice(0, 10) };
}

/** The API path a form posts to. */
export function formPath(form: Pick<FormDefinition, "slug">): string {
  return `/api/${form.slug}`;
}

/** The fields a visitor types into: every field but the choices the page makes for them. */
export function typedFields<D extends FormDefinition>(form: D): Exclude<FieldsOf<D>, ChoiceField>[] {
  return form.fields.filter((field): field is Exclude<FieldsOf<D>, ChoiceField> => field.kind !== "choice");
}

/** A field of a form by its name. */
export function fieldOf<D extends FormDefinition, N extends FieldsOf<D>["name"]>(form: D, name: N): Extract<FieldsOf<D>, { name: N }> {
  const field = form.fields.find((candidate) => candidate.name === name);
  if (!field) throw new Error(`${form.kind} has no field ${name}`);
  return field as Extract<FieldsOf<D>, { name: N }>;
}
