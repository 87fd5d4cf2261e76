/** A legal page in the page's language, worked out at build (views.server.ts). */
export interface LegalPageView {
  title: string;
  /** YYYY-MM-DD, for `<time datetime>`. */
  updated: string;
  /** The same day in the page's language. */
  updatedLabel: string;
  /** Each section's paragraphs; a line break inside a paragraph is kept (the lines of an address or a form). */
  sections: { id: string; title: string; paragraphs: string[]; boxed: boolean }[];
}
