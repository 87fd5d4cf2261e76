import { newsletterSignupForm } from "#forms/newsletter-signup";
import { FormFields } from "~/components/forms/fields";
import { FormShell } from "~/components/forms/form-shell";
import { useI18n } from "~/lib/i18n/context";

/** The newsletter sign-up (spec §3: the address only; forms/newsletter-signup.ts), sent like the other forms. */
export function Newsletter() {
  const { t } = useI18n();
  return (
    <section aria-labelledby="newsletter-title" className="bg-wine-900 px-6 py-20 text-cream-100">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="newsletter-title" className="text-4xl text-cream-50">
          {t("news.newsletter.title")}
        </h2>
        <p className="mt-4 text-lg">{t("news.newsletter.text")}</p>
        <div className="mt-8 rounded-sm bg-cream-50 p-6 text-left text-ink-900">
          <FormShell
            form={newsletterSignupForm}
            aria-labelledby="newsletter-title"
            submitLabel={t("news.newsletter.submit")}
            className="flex flex-col gap-4 sm:flex-row sm:items-end"
          >
            <FormFields form={newsletterSignupForm} classNames={{ email: "flex-1" }} />
          </FormShell>
          <p className="mt-4 text-sm text-ink-700">{t("news.newsletter.privacy")}</p>
        </div>
      </div>
    </section>
  );
}
