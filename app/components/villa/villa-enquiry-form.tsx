import { contactMessageForm } from "#forms/contact-message";
import { FormFields, RequiredNote } from "~/components/forms/fields";
import { FormShell } from "~/components/forms/form-shell";
import { useI18n } from "~/lib/i18n/context";

/**
 * The villa's enquiry form: the contact form (forms/contact-message.ts) with its subject filled in
 * as a stay at the villa. It reaches the staff inbox as a contact message sent from the villa page,
 * whose reply opens with the villa's template (server/admin/submission/reply-templates.ts).
 */
export function VillaEnquiryForm() {
  const { t } = useI18n();
  return (
    <FormShell
      form={contactMessageForm}
      aria-labelledby="villa-enquiry-title"
      submitLabel={t("villa.enquiry.submit")}
      className="grid gap-5 sm:grid-cols-2"
      submitClassName="sm:col-span-2 sm:justify-self-start"
    >
      <RequiredNote className="sm:col-span-2" />
      <FormFields form={contactMessageForm} classNames={{ message: "sm:col-span-2" }} defaultValues={{ subject: t("villa.enquiry.subject") }} />
    </FormShell>
  );
}
