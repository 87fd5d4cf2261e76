/**
 * The page that answers a form posted before the page's JavaScript ran (../api/native-forms.ts),
 * in the visitor's language: what the page's toast would have said, or what went wrong with the
 * form again, filled with everything the visitor typed.
 */
import { formDefinitions, type FormKind } from "#forms/definitions";
import { formPath, type BookingOutcome, type FieldDefinition } from "#forms/fields";
import { tourBookingOutcomes } from "#forms/tour-booking";
import type { Language } from "#core/languages";
import { localizePath } from "#core/paths";
import { translator, type MessageId } from "#locales";
import { renderPage } from "./document";

/** What became of a form posted without the page's JavaScript. */
export type FormAnswer =
  /** Stored; a tour booking says what became of it (forms/tour-booking.ts `tourBookingOutcomes`). */
  { kind: "sent"; outcome?: BookingOutcome } | { kind: "invalid"; fields: string[] } | { kind: "rate-limited" } | { kind: "failed" };

/** The input types of each kind of field, as the site's own forms use them (spec §5). */
const inputTypes = { line: "text", email: "email", phone: "tel", url: "url", date: "date", count: "number" } as const;

function Field({ field, value, invalid, t }: { field: FieldDefinition; value: string; invalid: boolean; t: (id: MessageId) => string }) {
  if (field.kind === "choice") return <input type="hidden" name={field.name} value={value} />;
  const id = `field-${field.name}`;
  const common = { id, name: field.name, required: field.required, "aria-invalid": invalid || undefined };
  // A box comes back ticked when it was sent ticked (its name sent, whatever its value).
  if (field.kind === "checkbox")
    return (
      <>
        <input {...common} type="checkbox" defaultChecked={value !== ""} />
        <label htmlFor={id}>{t(field.label as MessageId)}</label>
      </>
    );
  return (
    <>
      <label htmlFor={id}>{t(field.label as MessageId)}</label>
      {field.kind === "text" ? (
        <textarea {...common} rows={5} defaultValue={value} />
      ) : (
        <input
          {...common}
          type={inputTypes[field.kind]}
          defaultValue={value}
          min={field.kind === "count" ? field.min : undefined}
          autoComplete={field.autoComplete}
        />
      )}
    </>
  );
}

/** The page that answers a form posted without the page's JavaScript, in the visitor's language. */
export function formAnswerPage(
  kind: FormKind,
  lang: Language,
  fields: Readonly<Record<string, string>>,
  outcome: FormAnswer,
  values: Record<string, number> = {},
  stylesheet: string | null = null,
): string {
  const definition = formDefinitions[kind];
  const { t } = translator(lang);
  const page = fields.page;
  const back = page?.startsWith("/") ? page : localizePath(lang, "/");
  const backLink = (
    <p>
      <a href={back}>{t("forms.native.backToPage")}</a>
    </p>
  );
  if (outcome.kind === "sent") {
    const success = outcome.outcome ? tourBookingOutcomes[outcome.outcome] : definition.success;
    const title = t(success.title as MessageId);
    return renderPage({
      lang,
      stylesheet,
      title,
      children: (
        <>
          <h1>{title}</h1>
          <p>{t(success.description as MessageId, values)}</p>
          {backLink}
        </>
      ),
    });
  }
  const labels = (names: string[]) =>
    new Intl.ListFormat(lang, { type: "conjunction" }).format(
      names.map((name) => t((definition.fields.find((field) => field.name === name)?.label ?? name) as MessageId)),
    );
  const reason =
    outcome.kind === "invalid" && outcome.fields.length > 0
      ? t("forms.error.fields", { count: outcome.fields.length, fields: labels(outcome.fields) })
      : t(outcome.kind === "rate-limited" ? "forms.error.rateLimited" : outcome.kind === "invalid" ? "forms.error.invalid" : "forms.error.server");
  const invalid = new Set(outcome.kind === "invalid" ? outcome.fields : []);
  return renderPage({
    lang,
    stylesheet,
    title: t("forms.error.title"),
    children: (
      <>
        <h1>{t("forms.error.title")}</h1>
        <p role="alert">{reason}</p>
        <form method="post" action={formPath(definition)}>
          <input type="hidden" name="language" value={lang} />
          <input type="hidden" name="page" value={back} />
          {definition.fields.map((field) => (
            <Field key={field.name} field={field} value={fields[field.name] ?? ""} invalid={invalid.has(field.name)} t={t} />
          ))}
          <button type="submit">{t("forms.native.retry")}</button>
        </form>
        {backLink}
      </>
    ),
  });
}
