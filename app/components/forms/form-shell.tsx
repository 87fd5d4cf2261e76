import { useState, type FormEvent, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Honeypot, InvalidFieldsContext } from "~/components/forms/fields";
import { ToastRegion, useToasts } from "~/components/ui/toast";
import type { FormKind } from "~/features/forms/schemas";
import type { SubmitResult } from "~/features/forms/submit";
import { useI18n } from "~/lib/i18n/context";

interface FormShellProps {
  kind: FormKind;
  /** Turns the form's fields into the schema's fields (the envelope is added here). */
  toPayload: (data: FormData) => Record<string, unknown>;
  /** The success toast (spec §4): its title and description. */
  success: { title: string; description: string };
  submitLabel: string;
  /** While set, the submit button is disabled and says this instead (the tour form without a package). */
  blockedLabel?: string;
  /** After a successful submission, once the form is reset. */
  onSuccess?: () => void;
  children: ReactNode;
  id?: string;
  "aria-labelledby"?: string;
  className?: string;
  submitClassName?: string;
}

/** Loads the sender (and the schemas it checks with) on the first submission; no module, no connection. */
async function send(kind: FormKind, payload: Record<string, unknown>): Promise<SubmitResult> {
  try {
    const { submitForm } = await import("~/features/forms/submit");
    return await submitForm(kind, payload);
  } catch {
    return { ok: false, reason: "network" };
  }
}

/** The visible label of a named control, for an error message that names the fields to fix. */
function labelOf(form: HTMLFormElement, name: string): string {
  const control = form.elements.namedItem(name);
  const label = control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement ? control.labels?.[0] : undefined;
  return label?.querySelector("[data-label]")?.textContent ?? name;
}

/**
 * A form that posts its fields as JSON to the site's API (app/features/forms/submit.ts): the
 * submit button is busy while it waits; on success a toast appears and the form is emptied, on
 * failure an error toast appears and every value stays as typed.
 */
export function FormShell({
  kind,
  toPayload,
  success,
  submitLabel,
  blockedLabel,
  onSuccess,
  children,
  className = "",
  submitClassName = "",
  ...attributes
}: FormShellProps) {
  const { t, lang, tag } = useI18n();
  const { pathname } = useLocation();
  const { toasts, notify, dismiss } = useToasts();
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<string[]>([]);

  function failureText(result: Exclude<SubmitResult, { ok: true }>, form: HTMLFormElement): string {
    if (result.reason === "invalid" && result.fields?.length) {
      const fields = new Intl.ListFormat(tag, { type: "conjunction" }).format(result.fields.map((name) => labelOf(form, name)));
      return t("forms.error.fields", { count: result.fields.length, fields });
    }
    return t(`forms.error.${result.reason === "rate-limited" ? "rateLimited" : result.reason}`);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || blockedLabel) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const payload = { ...toPayload(data), language: lang, page: pathname, fax: String(data.get("fax") ?? "") };
    setBusy(true);
    setInvalid([]);
    const result = await send(kind, payload);
    setBusy(false);
    if (result.ok) {
      form.reset();
      onSuccess?.();
      notify({ tone: "success", ...success });
      return;
    }
    setInvalid(result.fields ?? []);
    notify({ tone: "error", title: t("forms.error.title"), description: failureText(result, form) });
    const first = result.fields?.[0] ? form.elements.namedItem(result.fields[0]) : null;
    if (first instanceof HTMLElement) first.focus();
  }

  return (
    <>
      <form onSubmit={handleSubmit} className={`relative ${className}`} {...attributes}>
        <InvalidFieldsContext value={invalid}>{children}</InvalidFieldsContext>
        <Honeypot />
        <button
          type="submit"
          className={`btn-primary ${submitClassName}`}
          disabled={busy || blockedLabel !== undefined}
          aria-busy={busy}
        >
          {busy ? t("forms.sending") : (blockedLabel ?? submitLabel)}
        </button>
      </form>
      <ToastRegion toasts={toasts} dismiss={dismiss} />
    </>
  );
}
