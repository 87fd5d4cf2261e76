/**
 * The health message French law (Loi Évin, Code de la santé publique L3323-4) puts on alcohol
 * advertising, as the footer of every page and every summary sheet shows it: the French sentence,
 * then the lines the page's language adds under it. Shared by the app and the build.
 */
import type { MessageId } from "#locales";

/** The health message's lines: the French sentence first, then the language's own. */
export interface HealthMessage {
  /** « L'abus d'alcool est dangereux pour la santé… », in French on every page. */
  french: string;
  /**
   * Under it, one line each (`footer.healthMeaning`, lines separated by a line break): the
   * sentence in the page's language, and what its country's law adds (in Japanese, that drinking
   * under 20 is forbidden). A line that only repeats the French sentence (a French page's) is left
   * out, so a French page shows the sentence once.
   */
  lines: string[];
}

export function healthMessage(t: (id: MessageId) => string): HealthMessage {
  const french = t("footer.healthMessage");
  const lines = t("footer.healthMeaning")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && line !== french);
  return { french, lines };
}
