import { useState, type FormEvent, type ReactNode, type Ref } from "react";
import type { MessageValues } from "#core/i18n";
import { useLocation } from "react-router";
import type { FormKind } from "#forms/definitions";
import { formPath, type Accepted } from "#forms/fields";
import type { MessageId } from "#locales";
import { formPayload } from "#forms/payload";
import { Honeypot, InvalidFieldsContext, type LabelledForm } from "~/components/forms/fields";
import { ToastRegion, useToasts } from "~/components/ui/toast";
import { submitForm, type SubmitResult } from "~/features/forms/submit";
import { useI18n } from "~/lib/i18n/context";

interface FormShellProps {
  /** The form's definition (forms/): what it sends, where, and how its fields are named. */
  form: LabelledForm & { kind: FormKind };
  /** The values of the form's `choice` fields, which the page holds (the tour package). */
  chosen?: Readonly<Record<string, string | null>>;
  /** Values of the success message (spec §4: its title and description come from the form's definition). */
  successValues?: MessageValues;
  /** The success message for what the API answered, where it depends on it (a tour booking's outcome). */
  successFor?: (answer: Partial<Accepted>) => { title: MessageId; description: MessageId; values?: MessageValues };
  submitLabel: string;
  /** While set, the submit button is disabled and says this instead (the tour form without a package). */
  blockedLabel?: string;
  /** After a successful submission, once the form is reset, with the API's answer (a tour booking's deposit to pay). */
  onSuccess?: (answer: Partial<Accepted>) => void;
  /** After a refused submission (the tour form looks for places again). */
  onFailure?: () => void;
  /** Values sent besides the fields, held by the page (the tour time chosen in the booking form). */
  extra?: Readonly<Record<string, string>>;
  /** A control of the form changed (the tour form follows its date). */
  onChange?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
  /** The `<form>` element, for a page that fills a field in (the contact form's `?subject=`). */
  ref?: Ref<HTMLFormElement>;
  id?: string;
  "aria-labelledby"?: string;
  className?: string;
  submitClassName?: string;
}

/**
 * A form that posts its fields as JSON to the site's API (app/features/forms/submit.ts): the
 * submit button is busy while it waits; on success a toast appears and the form is emptied, on
 * failure an error toast appears and every value stays as typed.
 *
 * Before the page's JavaScript runs (it starts after the first paint), the same form is an
 * ordinary HTML form: it posts its fields, the page's language and path to the same API address,
 * which stores them and answers with a page in the visitor's language (server/api/native-forms.tsx).
 */
export function FormShell({
  form: definition,
  chosen,
  successValues,
  successFor,
  submitLabel,
  blockedLabel,
  onSuccess,
  onFailure,
  extra,
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

  /** A field's label as the form shows it, for an error message that names the fields to fix. */
  function labelOf(name: string): string {
    const field = definition.fields.find((candidate) => candidate.name === name);
    return field ? t(field.label) : name;
  }

  function failureText(result: Exclude<SubmitResult, { ok: true }>): string {
    if (result.reason === "conflict" && result.message) return result.message;
    if (result.reason === "invalid" && result.fields?.length) {
      const fields = new Intl.ListFormat(tag, { type: "conjunction" }).format(result.fields.map(labelOf));
      return t("forms.error.fields", { count: result.fields.length, fields });
    }
    return t(`forms.error.${result.reason === "rate-limited" ? "rateLimited" : result.reason === "conflict" ? "server" : result.reason}`);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || blockedLabel) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const payload = { ...formPayload(definition, data, chosen), ...extra, language: lang, page: pathname, fax: String(data.get("fax") ?? "") };
    setBusy(true);
    setInvalid([]);
    const result = await submitForm(formPath(definition), payload);
    setBusy(false);
    if (result.ok) {
      form.reset();
      onSuccess?.(result.answer);
      const success = successFor?.(result.answer) ?? { ...definition.success, values: successValues };
      notify({ tone: "success", title: t(success.title), description: t(success.description, success.values) });
      return;
    }
    setInvalid(result.fields ?? []);
    onFailure?.();
    notify({ tone: "error", title: t("forms.error.title"), description: failureText(result) });
    const first = result.fields?.[0] ? form.elements.namedItem(result.fields[0]) : null;
    if (first instanceof HTMLElement) first.focus();
  }

  return (
    <>
      <form method="post" action={formPath(definition)} onSubmit={handleSubmit} className={`relative ${className}`} {...attributes}>
        <input type="hidden" name="language" value={lang} />
        <input type="hidden" name="page" value={pathname} />
        {definition.fields
          .filter((field) => field.kind === "choice")
          .map((field) => (
            <input key={field.name} type="hidden" name={field.name} value={chosen?.[field.name] ?? ""} />
          ))}
        <InvalidFieldsContext value={invalid}>{children}</InvalidFieldsContext>
        <Honeypot />
        <button type="submit" className={`btn-primary ${submitClassName}`} disabled={busy || blockedLabel !== undefined} aria-busy={busy}>
          {busy ? t("forms.sending") : (blockedLabel ?? submitLabel)}
        </button>
      </form>
      <ToastRegion toasts={toasts} dismiss={dismiss} />
    </>
  );
}
