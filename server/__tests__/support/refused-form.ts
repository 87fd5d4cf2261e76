/** A staff form shown again after a refusal, as the page draws it: which fields it names, with what message, and what they hold. */
import { parse } from "parse5";
import { attribute, elements, textOf, type Element } from "./html";

const controlTags = new Set(["input", "select", "textarea"]);

/** The form controls of a page, in order. */
const controlsIn = (html: string): Element[] => [...elements(parse(html))].filter((element) => controlTags.has(element.tagName));

/**
 * The fields the page marks as refused (`aria-invalid`), each with the text of the message its
 * `aria-describedby` points to ("" when it points to nothing).
 */
export function refusedFields(html: string): Record<string, string> {
  const all = [...elements(parse(html))];
  return Object.fromEntries(
    controlsIn(html)
      .filter((control) => attribute(control, "aria-invalid") === "true")
      .map((control) => {
        const id = attribute(control, "aria-describedby");
        const message = id ? all.find((element) => attribute(element, "id") === id) : undefined;
        return [attribute(control, "name"), message ? textOf(message).trim() : ""];
      }),
  );
}

/** What a field shows, as a browser would send it: a text's value, a box's `on` when ticked ("" when not), a list's chosen option. */
export function shownValue(html: string, name: string): string {
  const control = controlsIn(html).find((element) => attribute(element, "name") === name);
  if (!control) throw new Error(`no field ${name} on the page`);
  if (control.tagName === "textarea") return textOf(control);
  if (control.tagName === "select") {
    const options = [...elements(control)].filter((element) => element.tagName === "option");
    const chosen = options.find((option) => option.attrs.some((attr) => attr.name === "selected")) ?? options[0];
    return chosen ? attribute(chosen, "value") : "";
  }
  if (attribute(control, "type") === "checkbox") return control.attrs.some((attr) => attr.name === "checked") ? attribute(control, "value") || "on" : "";
  return attribute(control, "value");
}
