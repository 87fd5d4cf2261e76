import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/**
 * An inbox page as HTML. React escapes every text and attribute value it writes, so nothing a
 * visitor typed can become markup; the pages carry no script at all.
 */
export function renderPage(page: ReactElement): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(page)}`;
}
