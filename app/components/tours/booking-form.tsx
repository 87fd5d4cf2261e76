import { tourBookingForm } from "#forms/tour-booking";
import { FormFields, RequiredNote } from "~/components/forms/fields";
import { FormShell } from "~/components/forms/form-shell";
import type { TourPackageView } from "~/components/tours/views";
import { useI18n } from "~/lib/i18n/context";

/**
 * The booking form (spec §3, §5), its fields from forms/tour-booking.ts: name and email required,
 * phone, guests (at least 1), preferred date and message optional. Submitting needs a package
 * chosen above; until then the button is disabled and says so (spec §4).
 */
export function BookingForm({ tour, onBooked }: { tour: TourPackageView | undefined; onBooked: () => void }) {
  const { t } = useI18n();
  return (
    <FormShell
      form={tourBookingForm}
      chosen={{ package: tour?.id ?? null }}
      aria-labelledby="booking-title"
      submitLabel={t("wineTours.form.submit")}
      blockedLabel={tour ? undefined : t("wineTours.form.selectFirst")}
      onSuccess={onBooked}
      className="grid gap-5 sm:grid-cols-2"
      submitClassName="sm:col-span-2"
    >
      <div className="rounded-sm border border-cream-200 bg-cream-100 p-4 sm:col-span-2" aria-live="polite">
        <p className="text-sm font-semibold text-ink-700">{t("wineTours.form.package")}</p>
        {tour ? (
          <p data-testid="selected-package" className="mt-1 font-heading text-xl text-wine-800">
            {t("wineTours.form.selectedPackage", {
              package: tour.selectedLabel,
              price: tour.price,
            })}
          </p>
        ) : (
          <>
            <p data-testid="selected-package" className="mt-1 font-heading text-xl text-wine-800">
              {t("wineTours.form.noPackage")}
            </p>
            <p className="mt-1 text-sm text-ink-700">
              <a href="#packages" className="link">
                {t("wineTours.form.selectAbove")}
              </a>
            </p>
          </>
        )}
      </div>
      <RequiredNote className="sm:col-span-2" />
      <FormFields form={tourBookingForm} classNames={{ message: "sm:col-span-2" }} />
    </FormShell>
  );
}
