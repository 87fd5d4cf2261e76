import type common from "../../../locales/en/common.json";
import type legal from "../../../locales/en/legal.json";
import type media from "../../../locales/en/media.json";
import type visit from "../../../locales/en/visit.json";
import type wines from "../../../locales/en/wines.json";

/** The shape of every language's messages: English is the contract the others must match. */
export type Messages = typeof common & typeof legal & typeof media & typeof visit & typeof wines;

type Join<K extends string, P extends string> = `${K}.${P}`;

/** Every dotted path to a string in the English file, e.g. `nav.home` or `ageGate.question`. */
export type MessageKey<T = Messages> = {
  [K in keyof T & string]: T[K] extends string ? K : T[K] extends object ? Join<K, MessageKey<T[K]>> : never;
}[keyof T & string];

export type Vars = Record<string, string | number>;

/** A message tree whose leaves are strings, as any language file is before it is checked. */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

/** Looks up a dotted key; `undefined` when a segment is missing or the leaf is not a string. */
export function lookup(messages: MessageTree, key: string): string | undefined {
  let node: string | MessageTree | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Replaces `{{name}}` placeholders; an unknown placeholder is left as written so it shows in review. */
export function interpolate(text: string, vars?: Vars): string {
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  );
}

/**
 * Translates a key. A missing key renders the key itself (spec §1), so a gap is visible
 * on the page and caught by the completeness test rather than hidden.
 */
export function translate(messages: MessageTree, key: string, vars?: Vars): string {
  const text = lookup(messages, key);
  return text === undefined ? key : interpolate(text, vars);
}
