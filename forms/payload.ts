import type { FormDefinition } from "./fields";

/**
 * The JSON a form sends for its fields, read from the form's controls: text as typed (the server
 * trims it), a count as a number or left out when blank, a box as whether it is ticked (a form
 * sends a ticked box's name, whatever its value, and nothing for an unticked one), and each choice from `chosen` (the page
 * holds it, as the tour form holds the package card chosen above it). The envelope is added by
 * the sender (app/components/forms/form-shell.tsx).
 */
export function formPayload(form: FormDefinition, data: FormData, chosen: Readonly<Record<string, string | null>> = {}): Record<string, unknown> {
  const payload: Record<string, unknown> = {};
  for (const field of form.fields) {
    if (field.kind === "choice") {
      payload[field.name] = chosen[field.name] ?? "";
      continue;
    }
    if (field.kind === "checkbox") {
      payload[field.name] = data.has(field.name);
      continue;
    }
    const value = data.get(field.name);
    const text = typeof value === "string" ? value : "";
    if (field.kind !== "count") payload[field.name] = text;
    else if (text.trim() !== "") payload[field.name] = Number(text.trim());
  }
  return payload;
}
