import { createContext, useContext, useId, type HTMLInputTypeAttribute } from "react";
import { typedFields, type FieldDefinition, type FormDefinition } from "#forms/fields";
import { useI18n } from "~/lib/i18n/context";
import type { MessageId } from "#locales";

/** The fields the last answer refused, so each can mark itself `aria-invalid`. */
export const InvalidFieldsContext = createContext<readonly string[]>([]);

const controlClass =
  "mt-1.5 block w-full rounded-sm border border-ink-600 bg-white px-3 py-2.5 text-ink-900 placeholder:text-ink-600 aria-[invalid=true]:border-2 aria-[invalid=true]:border-wine-700";

interface FieldLabelProps {
  htmlFor: string;
  label: string;
  required?: boolean;
}

/** A visible label; the star is for the eye only, `required` on the control tells assistive technology. */
function FieldLabel({ htmlFor, label, required }: FieldLabelProps) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-semibold text-ink-900">
      <span data-label="">{label}</span>
      {required ? (
        <span aria-hidden="true" className="text-wine-700">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

interface FieldProps {
  /** The field's name in its form's definition (forms/). */
  name: string;
  label: string;
  type?: HTMLInputTypeAttribute;
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
  min?: number;
  /** What the field holds when the page opens, and again after the form is reset. */
  defaultValue?: string;
  className?: string;
}

/** A labelled input with the browser's own validation (spec §5). */
function Field({ name, label, type = "text", required = false, autoComplete, placeholder, min, defaultValue, className }: FieldProps) {
  const id = useId();
  const invalid = useContext(InvalidFieldsContext).includes(name);
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        id={id}
        name={name}
        type={type}
        required={required}
        autoComplete={autoComplete}
        placeholder={placeholder}
        min={min}
        defaultValue={defaultValue}
        aria-invalid={invalid || undefined}
        className={controlClass}
      />
    </div>
  );
}

/** A labelled multi-line field. */
function TextArea({ name, label, required = false, defaultValue, className }: Omit<FieldProps, "type" | "min" | "placeholder" | "autoComplete">) {
  const id = useId();
  const invalid = useContext(InvalidFieldsContext).includes(name);
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <textarea id={id} name={name} required={required} rows={5} defaultValue={defaultValue} aria-invalid={invalid || undefined} className={controlClass} />
    </div>
  );
}

/** A labelled box, unticked when the page opens (a form post sends its name only when ticked). */
function Checkbox({ name, label, defaultChecked, className }: { name: string; label: string; defaultChecked?: boolean; className?: string }) {
  const id = useId();
  const invalid = useContext(InvalidFieldsContext).includes(name);
  return (
    <div className={`flex items-start gap-2 ${className ?? ""}`}>
      <input id={id} name={name} type="checkbox" defaultChecked={defaultChecked} aria-invalid={invalid || undefined} className="mt-1 h-4 w-4 shrink-0" />
      <label htmlFor={id} className="text-sm text-ink-900">
        <span data-label="">{label}</span>
      </label>
    </div>
  );
}

/** A field definition whose label is a key of the catalogs: a label key mistyped in forms/ fails the typecheck. */
export type LabelledField = FieldDefinition & { label: MessageId };
/** A form definition (forms/) whose every label is a key of the catalogs. */
export type LabelledForm = Omit<FormDefinition, "fields" | "success"> & {
  fields: readonly LabelledField[];
  success: { title: MessageId; description: MessageId };
};

/** The control each kind of field is typed into (spec §5: the browser's own types and checks). */
const inputTypes = { line: "text", email: "email", phone: "tel", url: "url", date: "date", count: "number" } as const;

/** The control of one field of a form's definition, labelled in the page's language. */
export function FormField({
  field,
  defaultValue,
  className,
}: {
  field: Exclude<LabelledField, { kind: "choice" }>;
  defaultValue?: string;
  className?: string;
}) {
  const { t } = useI18n();
  if (field.kind === "checkbox") return <Checkbox className={className} name={field.name} label={t(field.label)} defaultChecked={defaultValue === "on"} />;
  if (field.kind === "text")
    return <TextArea className={className} name={field.name} label={t(field.label)} required={field.required} defaultValue={defaultValue} />;
  return (
    <Field
      className={className}
      name={field.name}
      type={inputTypes[field.kind]}
      label={t(field.label)}
      required={field.required}
      autoComplete={field.autoComplete}
      placeholder={field.placeholder}
      min={field.kind === "count" ? field.min : undefined}
      defaultValue={defaultValue}
    />
  );
}

/**
 * A `FormField` for every field of a form the visitor types into, in the definition's order;
 * `classNames` places some of them in the form's layout and `defaultValues` fills some in (by field name).
 */
export function FormFields({
  form,
  classNames = {},
  defaultValues = {},
}: {
  form: LabelledForm;
  classNames?: Readonly<Record<string, string>>;
  defaultValues?: Readonly<Record<string, string>>;
}) {
  return typedFields(form).map((field) => (
    <FormField key={field.name} field={field} className={classNames[field.name]} defaultValue={defaultValues[field.name]} />
  ));
}

/**
 * A field people never see or reach and bots fill in: the server accepts and drops a submission
 * that has it (the `fax` envelope field of every form schema).
 */
export function Honeypot() {
  const { t } = useI18n();
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[100vw] h-px w-px overflow-hidden">
      <label htmlFor={id}>{t("forms.honeypot")}</label>
      <input id={id} name="fax" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** The line that explains the star. */
export function RequiredNote({ className = "" }: { className?: string }) {
  const { t } = useI18n();
  return (
    <p className={`text-sm text-ink-700 ${className}`}>
      <span aria-hidden="true" className="text-wine-700">
        *
      </span>{" "}
      {t("forms.requiredNote")}
    </p>
  );
}
