import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { ageGateScript, ageStorageKey, ageVerifiedAttribute } from "~/lib/head-scripts";
import { Message, useI18n } from "~/lib/i18n/context";
import { pagePaths } from "#core/paths";

/** Where "No" sends the visitor: a general search engine (spec §4). */
export const underAgeUrl = "https://www.google.com";

function isVerified(): boolean {
  try {
    return sessionStorage.getItem(ageStorageKey) === "true";
  } catch {
    return false;
  }
}

/**
 * The age gate (spec §4): a modal dialog in the prerendered HTML, opened by an inline script
 * before the bundle arrives. Escape does not dismiss it; only an answer does.
 */
export function AgeGate() {
  const { t, href } = useI18n();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const gate = dialog.current;
    if (!gate) return;
    if (!isVerified() && !gate.open) gate.showModal();
    // The inline script guards the first page; this guards the gate when it mounts again
    // after a visit to a legal page. Only an answer closes it.
    const refuseEscape = (event: Event) => event.preventDefault();
    const refuseEscapeKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") event.preventDefault();
    };
    const reopen = () => {
      if (!isVerified() && gate.isConnected && !gate.open) gate.showModal();
    };
    gate.addEventListener("keydown", refuseEscapeKey);
    gate.addEventListener("cancel", refuseEscape);
    gate.addEventListener("close", reopen);
    return () => {
      gate.removeEventListener("keydown", refuseEscapeKey);
      gate.removeEventListener("cancel", refuseEscape);
      gate.removeEventListener("close", reopen);
    };
  }, []);

  const confirm = () => {
    try {
      sessionStorage.setItem(ageStorageKey, "true");
    } catch {
      // Storage may be disabled; the gate still closes for this page view.
    }
    document.documentElement.setAttribute(ageVerifiedAttribute, "");
    dialog.current?.close();
  };

  const refuse = () => {
    window.location.href = underAgeUrl;
  };

  return (
    <>
      <dialog
        id="age-gate"
        ref={dialog}
        aria-labelledby="age-gate-title"
        aria-describedby="age-gate-question"
        className="fixed inset-0 m-0 h-full max-h-none w-full max-w-none bg-wine-950/95 p-6 text-cream-50 backdrop:bg-wine-950/95"
        suppressHydrationWarning
      >
        <div className="flex min-h-full items-center justify-center">
          <div className="w-full max-w-lg rounded-sm border border-gold-500/60 bg-wine-900 px-8 py-10 text-center shadow-2xl">
            <p lang="fr" className="eyebrow text-gold-400">
              {t("site.name")}
            </p>
            <h2 id="age-gate-title" className="mt-4 text-3xl text-cream-50">
              {t("ageGate.title")}
            </h2>
            <p id="age-gate-question" className="mt-6 text-xl font-semibold">
              {t("ageGate.question")}
            </p>
            <p className="mt-3 text-cream-100">{t("ageGate.legalAge")}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <button type="button" className="btn-primary bg-gold-500 text-wine-950 hover:bg-gold-400" onClick={confirm}>
                {t("ageGate.yes")}
              </button>
              <button type="button" className="btn-light" onClick={refuse}>
                {t("ageGate.no")}
              </button>
            </div>
            <p className="mt-8 text-sm text-cream-100">
              <Message
                id="ageGate.agreement"
                components={{
                  terms: <Link className="underline decoration-gold-400 underline-offset-4" to={href(pagePaths.terms)} />,
                  privacy: <Link className="underline decoration-gold-400 underline-offset-4" to={href(pagePaths.privacy)} />,
                }}
              />
            </p>
          </div>
        </div>
      </dialog>
      <script dangerouslySetInnerHTML={{ __html: ageGateScript }} />
    </>
  );
}
