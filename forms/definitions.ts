/**
 * Every form of the site, each defined once. The server, the export tool and the checks read
 * them from here; a page imports only its own form's module, so it carries only that definition.
 */
import { contactMessageForm } from "./contact-message";
import { envelopeColumns, type FormDefinition, type Submission } from "./fields";
import { importerApplicationForm } from "./importer-application";
import { newsletterSignupForm } from "./newsletter-signup";
import { tourBookingForm } from "./tour-booking";

export const formDefinitions = {
  tourBooking: tourBookingForm,
  contactMessage: contactMessageForm,
  importerApplication: importerApplicationForm,
  newsletterSignup: newsletterSignupForm,
} as const;

export type FormDefinitions = typeof formDefinitions;
export type FormKind = keyof FormDefinitions;
/** Every form's kind, in the order of `formDefinitions`. */
export const formKinds = Object.keys(formDefinitions) as FormKind[];
/** A checked submission of the form `K`. */
export type FormInput<K extends FormKind> = Submission<FormDefinitions[K]>;
/** A checked submission of any form. */
export type AnyFormInput = { [K in FormKind]: FormInput<K> }[FormKind];

/** Finds a form by its slug (`contact-messages`) or its kind (`contactMessage`). */
export function findForm(name: string): FormDefinitions[FormKind] | undefined {
  return Object.values(formDefinitions).find((form) => form.slug === name || form.kind === name);
}

/** A stored column of the form `D`, by the name its export gives it: the envelope's, a field's, or one the server keeps. */
export type StoredColumn<D extends FormDefinition> = {
  name: (typeof envelopeColumns)[number]["name"] | D["fields"][number]["name"] | D["kept"][number]["name"];
  column: string;
};

/** The columns an export of the form lists, in order: the envelope, the fields, then what the server keeps. */
export function storedColumns<D extends FormDefinition>(form: D): StoredColumn<D>[] {
  return [...envelopeColumns, ...form.fields.map(({ name, column }) => ({ name, column })), ...form.kept];
}
