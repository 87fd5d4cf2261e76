import type { Page } from "@playwright/test";

/** Text as a PDF's fonts map it back, folded: compatibility forms (a CJK radical for 小) and glyph spacing taken away. */
export const folded = (text: string) => text.normalize("NFKC").replace(/\s+/g, "");

/** The page printed by Chromium on A4: how many sheets it takes, and the first one's text, folded. */
export async function printedOnA4(page: Page): Promise<{ pages: number; text: string }> {
  const pdf = await page.pdf({ format: "A4" });
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const printed = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  const first = await printed.getPage(1);
  return { pages: printed.numPages, text: folded((await first.getTextContent()).items.map((item) => ("str" in item ? item.str : "")).join(" ")) };
}
