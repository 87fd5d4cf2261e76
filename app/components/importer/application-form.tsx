import { Field, RequiredNote, TextArea } from "~/components/forms/fields";
import { FormShell } from "~/components/forms/form-shell";
import { useI18n } from "~/lib/i18n/context";

const fields = ["companyName", "contactName", "email", "phone", "country", "website", "experience", "marketSize", "message"] as const;

function toPayload(data: FormData): Record<string, unknown> {
  return Object.fromEntries(fields.map((name) => [name, String(data.get(name) ?? "")]));
}

/**
 * The importer application (spec §3, §5): company, contact, email, phone, country and experience
 * required; website (a URL), market size and message optional.
 */
export function ApplicationForm({ answerWithinHours }: { answerWithinHours: number }) {
  const { t } = useI18n();
  const label = (name: (typeof fields)[number]) => t(`importer.form.fields.${name}`);
  return (
    <FormShell
      kind="importerApplication"
      aria-labelledby="application-title"
      toPayload={toPayload}
      success={{ title: t("importer.form.success.title"), description: t("importer.form.success.description", { hours: answerWithinHours }) }}
      submitLabel={t("importer.form.submit")}
      className="grid gap-5 sm:grid-cols-2"
      submitClassName="sm:col-span-2 sm:justify-self-start"
    >
      <RequiredNote className="sm:col-span-2" />
      <Field name="companyName" label={label("companyName")} required autoComplete="organization" />
      <Field name="contactName" label={label("contactName")} required autoComplete="name" />
      <Field name="email" type="email" label={label("email")} required autoComplete="email" />
      <Field name="phone" type="tel" label={label("phone")} required autoComplete="tel" />
      <Field name="country" label={label("country")} required autoComplete="country-name" />
      <Field name="website" type="url" label={label("website")} placeholder="https://www.example.com" autoComplete="url" />
      <Field name="experience" label={label("experience")} required />
      <Field name="marketSize" label={label("marketSize")} />
      <TextArea className="sm:col-span-2" name="message" label={label("message")} />
    </FormShell>
  );
}
