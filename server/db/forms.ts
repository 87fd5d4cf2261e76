import type * as z from "zod/mini";
import { formEndpoints, type FormKind } from "../../app/features/forms/schemas";

export type { FormKind };

/** What a form's schema returns once a submission is valid. */
export type FormInput<K extends FormKind> = z.infer<(typeof formEndpoints)[K]["schema"]>;
export type AnyFormInput = FormInput<FormKind>;

/** A column of a submissions table, and the API field (and export header) it holds. */
export interface FieldColumn {
  field: string;
  column: string;
}

export interface FormTable {
  kind: FormKind;
  /** The last segment of the endpoint (`tour-bookings`): the name the export tool takes. */
  slug: string;
  table: string;
  /** How the estate's notification names it. */
  label: string;
  /** The submitted fields, in the order exports and notifications list them. */
  fields: readonly FieldColumn[];
  /** Columns the server fills in besides the envelope (newsletter state), exported after the fields. */
  extra: readonly FieldColumn[];
}

const column = (field: string): FieldColumn => ({ field, column: field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) });

/** Columns every submissions table starts with. */
export const envelopeColumns: readonly FieldColumn[] = ["id", "receivedAt", "language", "page"].map(column);

const slugOf = (kind: FormKind) => formEndpoints[kind].path.replace(/^\/api\//, "");

export const formTables: Record<FormKind, FormTable> = {
  tourBooking: {
    kind: "tourBooking",
    slug: slugOf("tourBooking"),
    table: "tour_bookings",
    label: "Tour booking",
    fields: ["name", "email", "phone", "guests", "date", "package", "message"].map(column),
    extra: [],
  },
  contactMessage: {
    kind: "contactMessage",
    slug: slugOf("contactMessage"),
    table: "contact_messages",
    label: "Contact message",
    fields: ["name", "email", "phone", "subject", "message"].map(column),
    extra: [],
  },
  importerApplication: {
    kind: "importerApplication",
    slug: slugOf("importerApplication"),
    table: "importer_applications",
    label: "Importer application",
    fields: ["companyName", "contactName", "email", "phone", "country", "website", "experience", "marketSize", "message"].map(column),
    extra: [],
  },
  newsletterSignup: {
    kind: "newsletterSignup",
    slug: slugOf("newsletterSignup"),
    table: "newsletter_subscribers",
    label: "Newsletter sign-up",
    fields: ["email"].map(column),
    extra: ["consentedAt", "confirmedAt", "unsubscribedAt"].map(column),
  },
};

export const formKinds = Object.keys(formTables) as FormKind[];

/** Finds a form by its slug (`contact-messages`) or its kind (`contactMessage`). */
export function findForm(name: string): FormTable | undefined {
  return Object.values(formTables).find((form) => form.slug === name || form.kind === name);
}
