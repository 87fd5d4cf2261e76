import { createElement, Fragment, type ReactNode } from "react";

/**
 * Inline tags a translation may use for emphasis. Only these become elements, and only when
 * written bare (`<strong>`, `</strong>`, `<br>`, `<br/>`): a tag with attributes, an unknown tag,
 * a comment or a stray `<` is shown as the text it is. Nothing is ever set as raw HTML.
 */
export const allowedTags = ["strong", "em", "b", "i", "br"] as const;

type AllowedTag = (typeof allowedTags)[number];

/** Tags that never hold content. */
const voidTags = new Set<AllowedTag>(["br"]);

export type SafeNode = string | { tag: AllowedTag; children: SafeNode[] };

const entities: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/** Decodes the few character references a translator may type; anything else stays as written. */
function decodeEntities(text: string): string {
  return text.replace(/&(#\d{1,6}|#x[0-9a-f]{1,5}|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

const tagPattern = new RegExp(`<(/?)(${allowedTags.join("|")})\\s*(/?)>`, "gi");

interface Open {
  tag: AllowedTag;
  children: SafeNode[];
}

/**
 * Parses a translated string into text and whitelisted elements. Unbalanced tags are tolerated:
 * a closing tag that closes nothing is text, and tags left open at the end are closed.
 */
export function parseSafeHtml(html: string): SafeNode[] {
  const root: Open = { tag: "b", children: [] };
  const stack: Open[] = [root];
  const top = () => stack[stack.length - 1] ?? root;
  const pushText = (text: string) => {
    if (text === "") return;
    const children = top().children;
    const last = children[children.length - 1];
    if (typeof last === "string") children[children.length - 1] = last + text;
    else children.push(text);
  };

  let index = 0;
  for (const match of html.matchAll(tagPattern)) {
    const [whole, closing, rawName, selfClosing] = match;
    const tag = rawName!.toLowerCase() as AllowedTag;
    pushText(decodeEntities(html.slice(index, match.index)));
    index = match.index + whole.length;

    if (voidTags.has(tag)) {
      if (closing) pushText(whole);
      else top().children.push({ tag, children: [] });
    } else if (closing) {
      const depth = stack.findLastIndex((open, i) => i > 0 && open.tag === tag);
      if (depth > 0) stack.length = depth;
      else pushText(whole);
    } else if (selfClosing) {
      pushText(whole);
    } else {
      const element: Open = { tag, children: [] };
      top().children.push(element);
      stack.push(element);
    }
  }
  pushText(decodeEntities(html.slice(index)));
  return root.children;
}

function render(nodes: SafeNode[]): ReactNode[] {
  return nodes.map((node, index) =>
    typeof node === "string"
      ? node
      : createElement(node.tag, { key: index }, ...(voidTags.has(node.tag) ? [] : render(node.children))),
  );
}

/** Renders a translation that carries inline emphasis (spec §2, the story's terroir paragraph). */
export function SafeHtml({ html }: { html: string }) {
  return <Fragment>{render(parseSafeHtml(html))}</Fragment>;
}
