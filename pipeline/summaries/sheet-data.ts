import type { Language } from "#core/languages";
import type { BlendPieces } from "#presentation/wine-format";

/**
 * One line of the specifications: "Blend" and "80% Merlot, …". The blend comes in pieces a line
 * may only break between, so no grape name is ever split ("Cabernet Sauvignon", メルロー).
 */
export interface SheetSpec {
  label: string;
  value: string | BlendPieces;
}

/** One critic's verdict as the sheet prints it. */
interface SheetRating {
  /** Written as is in every language. */
  critic: string;
  /** "95/100" in the language's number format, or the medal's translated name. */
  score: string;
  /** The quote in the language's quotation marks, or "" when none is shown (medals). */
  quote: string;
}

/**
 * Everything one summary sheet shows, already translated and formatted: the renderer
 * (`render.ts`) draws it as it is and looks nothing up. Every string is plain text, never markup.
 */
export interface SheetData {
  /** Which wine: named in errors and in the output path. */
  wineId: string;
  /** The sheet's language: its fonts (Chinese or Japanese glyphs), line breaking and italics. */
  lang: Language;
  /** The header band's two Latin lines, kept as the estate's logo in every language. */
  estateName: string;
  appellation: string;
  /** The collection's translated name, above the wine's name. */
  collection: string;
  /** The wine's name without the vintage, and the vintage. */
  name: string;
  vintage: string;
  /** Alcohol, bottle size, blend and appellation, in that order, beside the bottle. */
  specs: SheetSpec[];
  /** Soils, vine age, harvest, ageing and production, under their heading. */
  vineyard: { heading: string; facts: SheetSpec[] };
  tastingNotes: { heading: string; text: string };
  /** An empty list leaves the ratings section out. */
  ratings: { heading: string; items: SheetRating[] };
  /**
   * The health message the Loi Évin requires on alcohol advertising: the French sentence first,
   * then the language's lines (its translation, and in Japanese the legal drinking age; only the
   * French sentence on a French sheet): presentation/health-message.ts.
   */
  healthMessage: string[];
  /** The footer line: the estate as the language names it, and where the wine comes from. */
  address: string;
  /** The bottle picture, PNG bytes (drawn at 356×504). */
  bottlePng: Uint8Array;
}
