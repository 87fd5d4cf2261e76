import { importerApplicationForm } from "#forms/importer-application";
import { FormFields, RequiredNote } from "~/components/forms/fields";
import { FormShell } from "~/components/forms/form-shell";
import { useI18n } from "~/lib/i18n/context";

/**
 * The importer application (spec §3, §5), its fields from forms/importer-application.ts:
 * company, contact, email, phone, country and experience required; website (a URL), market
 * size and message optional.
 */
export function ApplicationForm({ answerWithinHours }: { answerWithinHours: number }) {
  const { t } = useI18n();
  return (
    <FormShell
      form={importerApplicationForm}
      aria-labelledby="application-title"
      successValues={{ hours: answerWithinHours }}
      submitLabel={t("importer.form.submit")}
      className="grid gap-5 sm:grid-cols-2"
      submitClassName="sm:col-span-2 sm:justify-self-start"
    >
      <RequiredNote className="sm:col-span-2" />
      <FormFields form={importerApplicationForm} classNames={{ message: "sm:col-span-2" }} />
    </FormShell>
  );
}
