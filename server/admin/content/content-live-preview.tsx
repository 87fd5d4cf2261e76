import type { ViewContext } from "../shared/view-context";

/**
 * What the live preview's frame shows when it cannot show the page: the form does not make a valid
 * item yet (a required text is empty), or the renderer is not available.
 */
export function LivePreviewMessage({ view, problem }: { view: ViewContext; problem: boolean }) {
  return (
    <html lang={view.lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{view.t("content.live.title")}</title>
        <link rel="stylesheet" href="/admin/assets/admin.css" />
      </head>
      <body className="live-message">
        <p>{view.t(problem ? "content.live.invalid" : "content.live.unavailable")}</p>
      </body>
    </html>
  );
}
