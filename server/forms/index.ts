/**
 * What each form does on the server, in one record the compiler asks to be complete
 * (`serverForms`): the statuses a submission can have, the field that names who sent it, who hears
 * of it and when (the estate's notice), what the staff do with it (answered by e-mail, marked done
 * by hand), its columns in the inbox's list, and the field whose value is a tour. A new form in
 * forms/definitions.ts cannot reach the server without an entry here.
 *
 * Its names are not written again: its slug (the API's path, the inbox's type, the export's name)
 * and its table are its definition's (forms/), and its message ids are made from its kind and its
 * fields' names (`types.<kind>`, `layout.nav.<kind>`, `estateMail.subject.<kind>`,
 * `estateMail.intro.<kind>`, `dataExport.form.<kind>`, `field.<name>`), which the compiler checks
 * against the catalogs.
 */
import { formDefinitions, formKinds, type FormDefinitions, type FormKind } from "#forms/definitions";
import type { AdminMessageId } from "#locales/admin";
import type { MessageId } from "#locales";
import { storedSubmission, type StoredSubmission } from "./stored";

/** The name of a field of the form `K`. */
type FieldName<K extends FormKind> = FormDefinitions[K]["fields"][number]["name"];

/** Who hears of a submission, and when (server/mail/compose.ts). */
interface EstateNotice {
  /** The estate's address or the trade address (importers). */
  to: "estate" | "trade";
  /** As it arrives, or (a double opt-in) once confirmed, in the next day's digest of the day's confirmations (../bookings/signup-digest.ts). */
  sent: "onArrival" | "inDailyDigest";
  /** Whether the notice says that answering it answers the visitor. */
  replyNote: boolean;
}

/** What the staff do with a submission (the submission's page). */
interface Handling {
  /** Answered by e-mail from its page (a reply form with the templates). */
  replied: boolean;
  /** Marked done or to do by hand; a booking follows its time, a sign-up its subscription. */
  statusByHand: boolean;
}

/** How the inbox's list shows a value: its words, a day written out, a tour by its name. */
export interface ListWords {
  t: (id: AdminMessageId, values?: Record<string, string | number>) => string;
  day: (day: string) => string;
  tour: (id: string) => string;
  /** A booking's day written out, with its visit's time when it has one (FN13: « ven. 11 déc. 2026 à 10 h »). */
  when: (id: string, day: string) => string;
}

export interface ServerForm<K extends FormKind> {
  /** What a submission can be, the first being what it comes in as (the inbox's triggers set it; a sign-up's follows its subscription). */
  statuses: readonly [string, ...string[]];
  /** The field the inbox names the sender by (its `name` column), or null: a sign-up has only its address. */
  sender: FieldName<K> | null;
  notice: EstateNotice;
  handling: Handling;
  /** The field whose value is a tour package of the content (named by its title in the staff's language), if any. */
  tour: FieldName<K> | null;
  /** The form's own columns when the inbox lists it alone, and its summary in a mixed list. */
  list: { columns: readonly FieldName<K>[]; about: (row: StoredSubmission<K>, words: ListWords) => string };
}

/** Parts of a summary, without the empty ones. */
const joined = (separator: string, ...parts: (string | null | undefined)[]) =>
  parts.filter((part) => part !== null && part !== undefined && part !== "").join(separator) || "—";

export const serverForms = {
  tourBooking: {
    statuses: ["new", "confirmed", "declined", "cancelled"],
    sender: "name",
    notice: { to: "estate", sent: "onArrival", replyNote: true },
    handling: { replied: true, statusByHand: false },
    tour: "package",
    list: {
      columns: ["date", "guests", "package"],
      about: (row, { t, when, tour }) =>
        joined(" · ", row.date ? when(row.id, row.date) : null, row.guests === null ? null : t("inbox.guests", { count: row.guests }), tour(row.package)),
    },
  },
  contactMessage: {
    statuses: ["new", "answered", "archived"],
    sender: "name",
    notice: { to: "estate", sent: "onArrival", replyNote: true },
    handling: { replied: true, statusByHand: true },
    tour: null,
    list: { columns: ["subject"], about: (row) => joined("", row.subject) },
  },
  importerApplication: {
    statuses: ["new", "answered", "archived"],
    sender: "contactName",
    notice: { to: "trade", sent: "onArrival", replyNote: true },
    handling: { replied: true, statusByHand: true },
    tour: null,
    list: { columns: ["companyName", "country"], about: (row) => joined(", ", row.companyName, row.country) },
  },
  newsletterSignup: {
    statuses: ["pending", "confirmed", "unsubscribed"],
    sender: null,
    notice: { to: "estate", sent: "inDailyDigest", replyNote: false },
    handling: { replied: false, statusByHand: false },
    tour: null,
    list: { columns: [], about: () => "—" },
  },
} as const satisfies { [K in FormKind]: ServerForm<K> };

/** Each form's record as the compiler reads it per form (`serverForms` keeps its literal statuses). */
const forms: { [K in FormKind]: ServerForm<K> } = serverForms;

/** A stored submission of some form with its kind, so that its fields are typed once the kind is known. */
export type StoredRecord<K extends FormKind = FormKind> = { [P in K]: { kind: P; row: StoredSubmission<P> } }[K];

/** A row of the form's table, read back typed by the form (./stored.ts), with its kind. */
export function storedRecord<K extends FormKind>(kind: K, row: unknown): StoredRecord<K> {
  return { kind, row: storedSubmission(kind, row) };
}

/** A submission's summary in a mixed list of the inbox (its form's `list.about`). */
export function aboutOf<K extends FormKind>(record: StoredRecord<K>, words: ListWords): string {
  return forms[record.kind].list.about(record.row, words);
}

/** The inbox's name for a form: its slug (`tour-bookings`), in the inbox's rows, its addresses and its exports. */
export type InboxType = FormDefinitions[FormKind]["slug"];
/** The form of each slug. */
type KindOf<T extends InboxType> = { [K in FormKind]: FormDefinitions[K]["slug"] extends T ? K : never }[FormKind];

/** The tour booking's inbox type: what its links, its audit entries and its e-mails name it by. */
export const bookingType = formDefinitions.tourBooking.slug;

/** Every form's slug, in the order of `formDefinitions`. */
export const inboxTypes: readonly InboxType[] = formKinds.map((kind) => formDefinitions[kind].slug);

export function isInboxType(value: unknown): value is InboxType {
  return typeof value === "string" && inboxTypes.some((type) => type === value);
}

/** The form a slug names. */
export function kindOfType<T extends InboxType>(type: T): KindOf<T> {
  const kind = formKinds.find((candidate) => formDefinitions[candidate].slug === type);
  if (!kind) throw new Error(`no form has the slug ${type}`);
  return kind as KindOf<T>;
}

/** The definition of the form a slug names. */
export const formOfType = (type: InboxType): FormDefinitions[FormKind] => formDefinitions[kindOfType(type)];

/** What a submission of the form a slug names can be. */
export const statusesOf = (type: InboxType): readonly InboxStatus[] => serverForms[kindOfType(type)].statuses;

/** What a submission of each form can be. */
export type InboxStatus = (typeof serverForms)[FormKind]["statuses"][number];

/** Every status, once, in a stable order (the inbox's filter). */
export const allStatuses: readonly InboxStatus[] = [...new Set(Object.values(serverForms).flatMap((form) => form.statuses))];

/**
 * The inbox's three views: what waits for an answer (a new booking, message or application; a
 * newsletter sign-up needs none), what has been dealt with, and everything.
 */
export const inboxViews = ["todo", "done", "all"] as const;
export type InboxView = (typeof inboxViews)[number];

/** A form's name in the staff's words (`types.<kind>`: the inbox, its exports, the assignment e-mail). */
export const typeMessage = <K extends FormKind>(kind: K) => `types.${kind}` as const satisfies AdminMessageId;
/** A form's link in the staff's navigation (`layout.nav.<kind>`). */
export const navMessage = <K extends FormKind>(kind: K) => `layout.nav.${kind}` as const satisfies AdminMessageId;
/** The estate's notice of a submission: the word of its subject and its first line (`estateMail.subject.<kind>`, `estateMail.intro.<kind>`). */
export const noticeMessages = <K extends FormKind>(kind: K) =>
  ({ subject: `estateMail.subject.${kind}`, intro: `estateMail.intro.${kind}` }) as const satisfies { subject: AdminMessageId; intro: AdminMessageId };
/** A form's name in the data a person asks for, in their language (`dataExport.form.<kind>`, a site message). */
export const exportedFormMessage = <K extends FormKind>(kind: K) => `dataExport.form.${kind}` as const satisfies MessageId;

/** A column the server keeps besides a form's fields (a subscription's dates). */
type KeptName = { [K in FormKind]: FormDefinitions[K]["kept"][number]["name"] }[FormKind];
/** The name of a column a form's export and page show: the envelope's, a field's, or one the server keeps. */
export type ColumnName = "id" | "receivedAt" | "language" | "page" | { [K in FormKind]: FieldName<K> }[FormKind] | KeptName;

const keptNames = new Set<string>(formKinds.flatMap((kind) => formDefinitions[kind].kept.map((column) => column.name)));
const isKept = (name: ColumnName): name is KeptName => keptNames.has(name);

/** How the staff area names a column: `field.<name>`, or `kept.<name>` for a date the server keeps (the export's header, a submission's page). */
export function columnMessage(name: ColumnName): AdminMessageId {
  return isKept(name) ? `kept.${name}` : `field.${name}`;
}
