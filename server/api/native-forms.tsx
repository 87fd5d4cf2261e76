/**
 * Forms sent before the page's JavaScript ran (it starts after the first paint: pipeline/paint-first.ts)
 * arrive as ordinary HTML form posts (`application/x-www-form-urlencoded`) at the same API address.
 * They are checked and stored exactly like the page's JSON, and answered with a page in the
 * visitor's language: what the page's toast would have said, or what went wrong with the form
 * again, filled with everything the visitor typed. Never a JSON page, never a lost submission.
 */
import { formDefinitions, type FormKind } from "#forms/definitions";
import { formPath, type BookingOutcome, type FieldDefinition } from "#forms/fields";
import { tourBookingOutcomes } from "#forms/tour-booking";
import { formPayload } from "#forms/payload";
import type { Language } from "#core/languages";
import { localizePath } from "#core/paths";
import { translator, type MessageId } from "#locales";
import { renderPage } from "../pages/document";

/** What became of a form posted without the page's JavaScript. */
export type NativeOutcome =
  /** Stored; a tour booking says what became of it (forms/tour-booking.ts `tourBookingOutcomes`). */
  | { kind: "sent"; outcome?: BookingOutcome }
  | { kind: "invalid"; fields: string[] }
  | { kind: "rate-limited" }
  | { kind: "failed" };

/** The input types of each kind of field, as the site's own forms use them (spec §5). */
const inputTypes = { line: "text", email: "email", phone: "tel", url: "url", date: "date", count: "number" } as const;

/** The fields of an HTML form post as typed, by name: the first value of a name sent twice. */
export type TypedFields = Readonly<Record<string, string>>;

/** The fields @fastify/formbody read from a form post (a name sent twice gives a list), as typed. */
export function typedFields(body: unknown): TypedFields {
  if (typeof body !== "object" || body === null) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    const first: unknown = Array.isArray(value) ? value[0] : value;
    if (typeof first === "string") fields[name] = first;
  }
  return fields;
}

/** Reads an HTML form post into the same payload the page's JavaScript sends. */
export function nativePayload(kind: FormKind, fields: TypedFields): Record<string, unknown> {
  const definition = formDefinitions[kind];
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  const chosen = Object.fromEntries(definition.fields.filter((field) => field.kind === "choice").map((field) => [field.name, fields[field.name] ?? null]));
  const envelope = Object.fromEntries(["language", "page", "fax"].filter((name) => name in fields).map((name) => [name, fields[name]]));
  return { ...formPayload(definition, data, chosen), ...envelope };
}

function Field({ field, value, invalid, t }: { field: FieldDefinition; value: string; invalid: boolean; t: (id: MessageId) => string }) {
  if (field.kind === "choice") return <input type="hidden" name={field.name} value={value} />;
  const id = `field-${field.name}`;
  const common = { id, name: field.name, required: field.required, "aria-invalid": invalid || undefined };
  return (
    <>
      <label htmlFor={id}>{t(field.label as MessageId)}</label>
      {field.kind === "text" ? (
        <textarea {...common} rows={5} defaultValue={value} />
      ) : (
        <input {...common} type={inputTypes[field.kind]} defaultValue={value} min={field.kind === "count" ? field.min : undefined} autoComplete={field.autoComplete} />
      )}
    </>
  );
}

/** The page that answers a form posted without the page's JavaScript, in the visitor's language. */
export function nativeAnswerPage(kind: FormKind, lang: Language, fields: TypedFields, outcome: NativeOutcome, values: Record<string, number> = {}, stylesheet: string | null = null): string {
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
    new Intl.ListFormat(lang, { type: "conjunction" }).format(names.map((name) => t((definition.fields.find((field) => field.name === name)?.label ?? name) as MessageId)));
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
