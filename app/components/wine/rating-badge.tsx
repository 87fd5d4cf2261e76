import { useI18n } from "~/lib/i18n/context";

/** A critic's score or a medal, as a round gold seal. Screen readers hear "Score: 95/100". */
export function RatingBadge({ label, className = "" }: { label: string; className?: string }) {
  const { t } = useI18n();
  return (
    <span
      className={`inline-flex size-16 shrink-0 items-center justify-center self-start rounded-full border-2 border-gold-500 bg-wine-900 p-1 text-center text-xs leading-tight font-semibold text-gold-200 shadow-sm ${className}`}
    >
      <span className="sr-only">{t("wine.ratings.score", { score: label })}</span>
      <span aria-hidden="true">{label}</span>
    </span>
  );
}
