/**
 * What a refused booking's 409 answer says, in the visitor's language: why the time cannot be
 * given (off the schedule or past its cut-off, beyond the package's horizon, too large a group,
 * places short, its waitlist full, a private tour's time taken), a voucher's or a deposit's
 * problem, the places left, and the contact page for larger groups.
 */
import { defaultLanguage, isLanguage } from "#core/languages";
import type { TourPackageId } from "#forms/tour-booking";
import { translator } from "#locales";
import type { ExperienceRefusal } from "./book";
import { type SlotRefused } from "./ledger";
import type { LocalTime } from "./paris-time";
import { capacityOf, horizonOf, type Schedule } from "./schedule";
import { contactLink } from "./visits";
import { VoucherRefused } from "./vouchers";

export function refusalAnswer(
  refused: SlotRefused | "waitlist-full" | ExperienceRefusal,
  booking: { language: string; guests?: number | null; package: TourPackageId; private?: boolean },
  slot: LocalTime | null,
  schedule: Schedule,
  siteUrl: string,
) {
  const lang = isLanguage(booking.language) ? booking.language : defaultLanguage;
  const { t } = translator(lang);
  const contact = contactLink(siteUrl, lang);
  if (refused === "waitlist-full") return { error: t("wineTours.slots.waitlistFull", { contact }), fields: ["slot"], placesLeft: 0, contact };
  if (refused instanceof VoucherRefused) return { error: t(`tourRefusal.voucher.${refused.reason}`, { contact }), fields: ["voucher"], contact };
  if (refused === "voucher-needs-time") return { error: t("tourRefusal.voucher.needsTime"), fields: ["voucher", "slot"], contact };
  if (refused === "no-private") return { error: t("tourRefusal.private.notOffered", { contact }), fields: ["private"], contact };
  if (refused === "payment-unavailable") return { error: t("tourRefusal.paymentUnavailable", { contact }), fields: [], contact };
  if (!slot) return { error: t("wineTours.slots.conflictClosed", { contact }), fields: ["slot"], contact };
  const capacity = capacityOf(schedule, { package: booking.package, ...slot });
  const guests = booking.guests ?? 1;
  // A private tour needs its time free of anyone else; a time a private tour holds has no place left.
  if (booking.private && (refused.reason === "private" || (refused.reason === "full" && guests <= capacity)))
    return { error: t("tourRefusal.private.taken", { contact }), fields: ["slot"], placesLeft: refused.placesLeft, capacity, contact };
  if (refused.reason === "private") return { error: t("wineTours.slots.conflictNone", { contact }), fields: ["slot"], placesLeft: 0, capacity, contact };
  const error =
    refused.reason === "closed" || refused.reason === "unknown"
      ? t("wineTours.slots.conflictClosed", { contact })
      : refused.reason === "horizon"
        ? t("wineTours.slots.conflictHorizon", { months: horizonOf(schedule, booking.package), contact })
        : guests > capacity
          ? t("wineTours.slots.conflictTooLarge", { capacity, contact })
          : refused.placesLeft === 0
            ? t("wineTours.slots.conflictNone", { contact })
            : t("wineTours.slots.conflictFull", { count: refused.placesLeft, contact });
  return { error, fields: ["slot"], placesLeft: refused.placesLeft, capacity, contact };
}
