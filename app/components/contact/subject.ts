import { contactMessageForm } from "#forms/contact-message";
import { fieldOf } from "#forms/fields";
import { cutToLength, neutraliseLine } from "#forms/text";

/** Subjects other pages ask for by name (`/contact?subject=event-private`), each with a translated text. */
export const knownSubjects = {
  order: "contact.form.subjects.order",
  "event-private": "contact.form.subjects.eventPrivate",
  "event-corporate": "contact.form.subjects.eventCorporate",
} as const;

/** The subject field's longest value, as its definition (forms/contact-message.ts) allows it. */
export const subjectMaxLength = fieldOf(contactMessageForm, "subject").max;

/**
 * The contact form's subject for a `?subject=` value: a known name becomes its translated
 * subject, any other text is used as written, trimmed, with control characters and bidi controls
 * neutralised and cut to the field's limit; nothing gives an empty subject.
 */
export function subjectFromQuery(raw: string | null, translate: (key: (typeof knownSubjects)[keyof typeof knownSubjects]) => string): string {
  if (raw === null) return "";
  const value = raw.trim();
  if (Object.hasOwn(knownSubjects, value)) return translate(knownSubjects[value as keyof typeof knownSubjects]);
  // Cleaned as the API cleans a subject (forms/text.ts), so what the visitor sees is what is stored.
  return cutToLength(neutraliseLine(value).trim(), subjectMaxLength).trim();
}
