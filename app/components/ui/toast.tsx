import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "~/lib/i18n/context";

export interface ToastMessage {
  id: number;
  tone: "success" | "error";
  title: string;
  description?: string;
}

/** How long a toast stays up unless the visitor hovers or focuses it. */
const toastDuration = 6000;

let nextId = 1;

/** The toasts of a page and the two things one does with them. */
export function useToasts() {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const notify = useCallback((toast: Omit<ToastMessage, "id">) => {
    const id = nextId++;
    setToasts((all) => [...all, { ...toast, id }]);
    return id;
  }, []);
  return { toasts, notify, dismiss };
}

/**
 * The live region toasts appear in. It is always in the DOM (empty when idle) so that screen
 * readers, which only watch regions that already exist, announce what is added to it.
 */
export function ToastRegion({ toasts, dismiss }: { toasts: ToastMessage[]; dismiss: (id: number) => void }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-end gap-3 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96"
    >
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onDismiss={() => dismiss(toast.id)} />
      ))}
    </div>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastMessage; onDismiss: () => void }) {
  const { t } = useI18n();
  const [paused, setPaused] = useState(false);
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => dismissRef.current(), toastDuration);
    return () => window.clearTimeout(timer);
  }, [paused]);

  const success = toast.tone === "success";
  return (
    <div
      data-tone={toast.tone}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-sm border-l-4 bg-cream-50 p-4 shadow-lg ring-1 ring-ink-900/10 ${
        success ? "border-emerald-700" : "border-wine-700"
      }`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`mt-0.5 size-5 shrink-0 ${success ? "text-emerald-700" : "text-wine-700"}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        {success ? (
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        ) : (
          <path d="M12 7v6m0 4h.01M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
        )}
      </svg>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-ink-900">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm text-ink-700">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        className="-m-2 flex min-h-11 min-w-11 shrink-0 items-center justify-center rounded-sm text-ink-700 hover:text-ink-900"
        aria-label={t("forms.toast.dismiss")}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </div>
  );
}
