/** A point of the importer page's lists: a title and a sentence. */
export interface ImporterPoint {
  id: string;
  title: string;
  text: string;
}

/** One of the programme's figures as the page shows it: "15+" above "Countries". */
interface ImporterFigure {
  figure: string;
  label: string;
}

/**
 * The importer programme as the page shows it, in the page's language (views.server.ts). Counts
 * are worded at build: a count worded in the browser would cost the page its first
 * `Intl.NumberFormat` while it hydrates (docs/performance.md, "A quiet main thread").
 */
export interface ImporterView {
  figures: ImporterFigure[];
  /** "We answer every application within 48 hours." */
  promise: string;
  answerWithinHours: number;
  presence: string;
  benefits: ImporterPoint[];
  requirements: ImporterPoint[];
  commitments: ImporterPoint[];
}
