/**
 * What the estate's notification of a booked time adds about its experience, in the staff's
 * language: a private tour, the group's price, the gift voucher used, the deposit to be paid.
 */
import { formatPrice } from "#core/format";
import { adminTranslator, type AdminLanguage } from "#locales/admin";

/** A booked time's experience, as the notification tells it. */
export interface ExperienceNotice {
  waitingFor: "estate" | "payment" | "minimum" | null;
  private: boolean;
  /** The group's price after the voucher (cents). */
  priceCents: number;
  /** The deposit asked online (cents); 0: none. */
  depositCents: number;
  /** The voucher's code, if one was used. */
  voucher: string | null;
}

/** The notification's lines about a booking's experience. */
export function experienceNoticeLines(experience: ExperienceNotice, lang: AdminLanguage): string[] {
  const { t } = adminTranslator(lang);
  const money = (cents: number) => formatPrice(cents / 100, lang);
  return [
    ...(experience.private ? [t("estateMail.private")] : []),
    t("estateMail.price", { price: money(experience.priceCents) }),
    ...(experience.voucher ? [t("estateMail.voucher", { code: experience.voucher })] : []),
    ...(experience.depositCents > 0 ? [t("estateMail.deposit", { amount: money(experience.depositCents) })] : []),
  ];
}
