import { useId, useRef } from "react";
import { useI18n } from "~/lib/i18n/context";
import type { WineDetailView } from "./views";
import { summarySize } from "#presentation/summary-size";

/** Whether the browser runs a button's `command` on its `commandfor` target itself (Invoker Commands). */
const browserInvokes = () => typeof HTMLButtonElement !== "undefined" && "command" in HTMLButtonElement.prototype;

/**
 * The summary sheet (spec §2, §4): a button opens a modal dialog with the sheet, generated at
 * build for the page's language, and a download link that saves it as
 * "<estate>-<vintage>-Summary.jpg". Escape or the close button shuts it; focus returns to the
 * button that opened it. The buttons name their dialog and what to do with it (`commandfor`,
 * `command`), so a browser with Invoker Commands opens and closes it before the page's JavaScript
 * has loaded; elsewhere their click handlers do it once it has.
 */
export function SummaryDialog({ wine }: { wine: WineDetailView }) {
  const { t } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const dialogId = useId();
  const { title, summary } = wine;

  const close = () => dialog.current?.close();
  const invoke = (command: "show-modal" | "close") => ({ commandfor: dialogId, command });

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="btn-secondary w-full sm:w-auto"
        aria-haspopup="dialog"
        {...invoke("show-modal")}
        onClick={() => {
          if (!browserInvokes() && !dialog.current?.open) dialog.current?.showModal();
        }}
      >
        {t("wine.summary.open")}
      </button>
      <dialog
        id={dialogId}
        ref={dialog}
        aria-labelledby={titleId}
        data-testid="summary-dialog"
        className="m-auto max-h-[calc(100dvh-2rem)] w-[min(48rem,calc(100vw-2rem))] rounded-sm bg-cream-50 p-0 text-ink-900 shadow-2xl backdrop:bg-wine-950/70"
        onClose={() => opener.current?.focus()}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog itself.
          if (event.target === event.currentTarget) close();
        }}
      >
        <div className="flex items-start justify-between gap-4 border-b border-cream-200 px-6 py-4">
          <h2 id={titleId} className="text-2xl">
            {t("wine.summary.title", { wine: title })}
          </h2>
          <button
            type="button"
            className="flex min-h-11 min-w-11 items-center justify-center rounded-sm text-ink-700 hover:text-wine-700"
            {...invoke("close")}
            onClick={() => {
              if (!browserInvokes()) close();
            }}
          >
            <span className="sr-only">{t("wine.summary.close")}</span>
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        <div className="flex flex-col items-center gap-6 px-6 py-6">
          <img
            src={summary.src}
            width={summarySize.width}
            height={summarySize.height}
            alt={t("wine.summary.imageAlt", { wine: title, rated: wine.ratings.length > 0 ? "yes" : "no" })}
            loading="lazy"
            decoding="async"
            className="h-auto max-h-[60dvh] w-auto border border-cream-200 bg-white"
          />
          <a href={summary.src} download={summary.fileName} className="btn-primary">
            {t("wine.summary.download")}
          </a>
        </div>
      </dialog>
    </>
  );
}
