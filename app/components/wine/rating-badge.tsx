import type { RatingSeal } from "#presentation/wine-format";

/**
 * A critic's score or a medal, as a round gold seal. Screen readers hear "Score: 95/100" for
 * points and the medal's name alone for a medal.
 */
export function RatingBadge({ seal, className = "" }: { seal: RatingSeal; className?: string }) {
  return (
    <span
      className={`inline-flex size-16 shrink-0 items-center justify-center self-start rounded-full border-2 border-gold-500 bg-wine-900 p-1 text-center text-xs leading-tight font-semibold text-gold-200 shadow-sm ${className}`}
    >
      <span className="sr-only">{seal.spoken}</span>
      <span aria-hidden="true">{seal.label}</span>
    </span>
  );
}
