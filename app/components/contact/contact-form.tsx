import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { contactMessageForm } from "#forms/contact-message";
import { subjectFromQuery } from "~/components/contact/subject";
import { FormFields, RequiredNote } from "~/components/forms/fields";
import { FormShell } from "~/components/forms/form-shell";
import { useI18n } from "~/lib/i18n/context";

/**
 * The contact form (spec §3, §5), its fields from forms/contact-message.ts: name, email and
 * message required, phone and subject optional. `?subject=` fills the subject in (the shop's
 * inquiry buttons, the events page).
 */
export function ContactForm() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const asked = params.get("subject");
  const form = useRef<HTMLFormElement>(null);

  // After hydration (the prerendered page has no query), so the first render matches the HTML.
  // The value is set on the element, not as its default, so that a reset empties the form.
  useEffect(() => {
    const input = form.current?.elements.namedItem("subject");
    const subject = subjectFromQuery(asked, t);
    if (input instanceof HTMLInputElement && subject) input.value = subject;
  }, [asked, t]);

  return (
    <FormShell
      ref={form}
      form={contactMessageForm}
      aria-labelledby="contact-form-title"
      submitLabel={t("contact.form.submit")}
      className="grid gap-5 sm:grid-cols-2"
      submitClassName="sm:col-span-2 sm:justify-self-start"
    >
      <RequiredNote className="sm:col-span-2" />
      <FormFields form={contactMessageForm} classNames={{ message: "sm:col-span-2" }} />
    </FormShell>
  );
}
