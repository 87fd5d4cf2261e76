import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { drinkingAge, scriptOf } from "#core/languages";
import { pagePaths } from "#core/paths";
import { ageAnswerAttribute, ageGateScript, ageStorageKey } from "~/lib/head-scripts";
import { Message, useI18n } from "~/lib/i18n/context";
import { useSite } from "~/lib/site";

function isVerified(): boolean {
  try {
    return sessionStorage.getItem(ageStorageKey) === "true";
  } catch {
    return false;
  }
}

/**
 * The age gate (spec §4): a modal dialog in the prerendered HTML, opened by an inline script
 * before the bundle arrives. Its answers and the refusal of Escape are handled by the head script
 * (app/lib/head-scripts.ts), before the framework has loaded and after; only an answer closes it.
 */
export function AgeGate() {
  const { t, href, lang } = useI18n();
  const site = useSite();
  const age = drinkingAge(lang);
  const dialog = useRef<HTMLDialogElement>(null);

  // The inline script opens the gate of the first page; this opens it when it mounts again after
  // a visit to a legal page, and keeps it open until the visitor answers.
  useEffect(() => {
    const gate = dialog.current;
    if (!gate) return;
    if (!isVerified() && !gate.open) gate.showModal();
    const reopen = () => {
      if (!isVerified() && gate.isConnected && !gate.open) gate.showModal();
    };
    gate.addEventListener("close", reopen);
    return () => gate.removeEventListener("close", reopen);
  }, []);

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
              {/* A name in Chinese or Japanese is kept whole; a Latin one breaks at its spaces and stays one text with the rest, as the largest paint of a first visit. */}
              {scriptOf(lang) === "cjk" ? (
                <Message id="ageGate.title" values={{ estate: site.names.estate }} components={{ name: <span className="estate-name" /> }} />
              ) : (
                t("ageGate.title", { estate: site.names.estate }).replace(/<\/?name>/g, "")
              )}
            </h2>
            <p id="age-gate-question" className="mt-6 text-xl font-semibold">
              {t("ageGate.question", { age })}
            </p>
            <p className="mt-3 text-cream-100">{t("ageGate.legalAge")}</p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <button type="button" className="btn-primary bg-gold-500 text-wine-950 hover:bg-gold-400" {...{ [ageAnswerAttribute]: "yes" }}>
                {t("ageGate.yes", { age })}
              </button>
              <button type="button" className="btn-light" {...{ [ageAnswerAttribute]: "no" }}>
                {t("ageGate.no", { age })}
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
