/** A staff form shown again after a refusal, as the page draws it: which fields it names, with what message, and what they hold. */
import { parse } from "parse5";
import { attribute, elements, textOf, type Element } from "./html";

const controlTags = new Set(["input", "select", "textarea"]);

/** The form controls of a page (or of its form posting to `action`), in order. */
function controlsIn(html: string, action?: string): Element[] {
  const tree = [...elements(parse(html))];
  const form = action === undefined ? undefined : tree.find((element) => element.tagName === "form" && attribute(element, "action") === action);
  if (action !== undefined && !form) throw new Error(`no form posting to ${action} on the page`);
  return (form ? [...elements(form)] : tree).filter((element) => controlTags.has(element.tagName));
}

/**
 * The fields the page marks as refused (`aria-invalid`), each with the text of the first message
 * its `aria-describedby` points to ("" when it points to nothing); of the whole page, or of its
 * form posting to `action` alone.
 */
export function refusedFields(html: string, action?: string): Record<string, string> {
  const tree = [...elements(parse(html))];
  const form = action === undefined ? undefined : tree.find((element) => element.tagName === "form" && attribute(element, "action") === action);
  if (action !== undefined && !form) throw new Error(`no form posting to ${action} on the page`);
  const scope = form ? [...elements(form)] : tree;
  return Object.fromEntries(
    scope
      .filter((element) => attribute(element, "aria-invalid") === "true")
      .map((element) => {
        const [first] = attribute(element, "aria-describedby").split(" ");
        const message = first ? tree.find((one) => attribute(one, "id") === first) : undefined;
        return [attribute(element, "name"), message ? textOf(message).trim() : ""];
      }),
  );
}

/**
 * What a field shows (of the page, or of its form posting to `action`), as a browser would send it:
 * a text's value, a box's `on` when ticked ("" when not), a list's chosen option.
 */
export function shownValue(html: string, name: string, action?: string): string {
  const control = controlsIn(html, action).find((element) => attribute(element, "name") === name);
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

/** The problems a staff page lists above its form, one line each. */
export const problems = (html: string): string[] =>
  [...elements(parse(html))].filter((element) => attribute(element, "class") === "problem").map((element) => textOf(element));

/** The notices a staff page shows once something is done (`role="status"`). */
export const notices = (html: string): string[] =>
  [...elements(parse(html))].filter((element) => element.tagName === "p" && attribute(element, "role") === "status").map((element) => textOf(element));
