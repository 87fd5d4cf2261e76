import { parse, type DefaultTreeAdapterMap } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
export type Element = DefaultTreeAdapterMap["element"];

/** Every element of a parsed page, depth first. */
export function* elements(node: Node): Generator<Element> {
  if ("tagName" in node) yield node;
  for (const child of "childNodes" in node ? node.childNodes : []) yield* elements(child);
}

export const attribute = (element: Element, name: string) => element.attrs.find((attr) => attr.name === name)?.value ?? "";

/** The text of a node as a reader sees it, entities decoded. */
export function textOf(node: Node): string {
  if ("value" in node && node.nodeName === "#text") return node.value;
  return "childNodes" in node ? node.childNodes.map(textOf).join("") : "";
}

/** The text of a whole page: what the visitor reads. */
export const pageText = (html: string) => textOf(parse(html));

/** The page's one form, read as a browser would: where it posts and the fields it sends. */
export function formIn(html: string): { action: string; method: string; body: string; button: string } | null {
  const form = [...elements(parse(html))].find((element) => element.tagName === "form");
  if (!form) return null;
  const inside = [...elements(form)];
  const inputs = inside
    .filter((element) => element.tagName === "input" && attribute(element, "type") === "hidden")
    .map((input) => [attribute(input, "name"), attribute(input, "value")]);
  const button = inside.find((element) => element.tagName === "button" && attribute(element, "type") === "submit");
  return {
    method: attribute(form, "method"),
    action: attribute(form, "action"),
    body: new URLSearchParams(inputs).toString(),
    button: button ? textOf(button) : "",
  };
}
