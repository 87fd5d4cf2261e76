/** A point of the importer page's lists: a title and a sentence. */
export interface ImporterPoint {
  id: string;
  title: string;
  text: string;
}

/** The importer programme as the page shows it, in the page's language (views.server.ts). */
export interface ImporterView {
  countries: number;
  retailPartners: number;
  answerWithinHours: number;
  presence: string;
  benefits: ImporterPoint[];
  requirements: ImporterPoint[];
  commitments: ImporterPoint[];
}
