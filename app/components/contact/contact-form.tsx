import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { subjectFromQuery } from "~/components/contact/subject";
import { Field, RequiredNote, TextArea } from "~/components/forms/fields";
import { FormShell } from "~/components/forms/form-shell";
import { useI18n } from "~/lib/i18n/context";

function toPayload(data: FormData): Record<string, unknown> {
  const text = (name: string) => String(data.get(name) ?? "");
  return { name: text("name"), email: text("email"), phone: text("phone"), subject: text("subject"), message: text("message") };
}

/**
 * The contact form (spec §3, §5): name, email and message required, phone and subject optional.
 * `?subject=` fills the subject in (the shop's inquiry buttons, the events page).
 */
export function ContactForm() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const asked = params.get("subject");
  const subjectBox = useRef<HTMLDivElement>(null);

  // After hydration (the prerendered page has no query), so the first render matches the HTML.
  // The value is set on the element, not as its default, so that a reset empties the form.
  useEffect(() => {
    const input = subjectBox.current?.querySelector("input");
    const subject = subjectFromQuery(asked, t);
    if (input && subject) input.value = subject;
  }, [asked, t]);

  return (
    <FormShell
      kind="contactMessage"
      aria-labelledby="contact-form-title"
      toPayload={toPayload}
      success={{ title: t("contact.form.success.title"), description: t("contact.form.success.description") }}
      submitLabel={t("contact.form.submit")}
      className="grid gap-5 sm:grid-cols-2"
      submitClassName="sm:col-span-2 sm:justify-self-start"
    >
      <RequiredNote className="sm:col-span-2" />
      <Field name="name" label={t("forms.fields.name")} required autoComplete="name" />
      <Field name="email" type="email" label={t("forms.fields.email")} required autoComplete="email" />
      <Field name="phone" type="tel" label={t("forms.fields.phone")} autoComplete="tel" />
      <div ref={subjectBox}>
        <Field name="subject" label={t("contact.form.subject")} />
      </div>
      <TextArea className="sm:col-span-2" name="message" label={t("forms.fields.message")} required />
    </FormShell>
  );
}
