/**
 * What changed between two versions of an item, field by field, and how a person reads it:
 * « Prix : 175 € → 185 € », « Titre (japonais) : ajout (« 新しい… ») ». The history, the preview, a
 * restore and the commit messages all say what changed through this module.
 */
import { isLanguage, type Language } from "#core/languages";
import type { AdminMessageId } from "#locales/admin";
import { fieldLabel, hasMessage, type Words } from "./labels";
import { formatDay, formatTime, languageLabel } from "../shared/view-context";

/** One difference: the field's path in the item (`title.ja`, `ratings.2`) and its two values (undefined: absent). */
export interface Change {
  path: (string | number)[];
  before: unknown;
  after: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * A text as a reader of the site sees it: line ends as `\n` (a browser posts `\r\n`), each line
 * without spaces or tabs at its ends and with a run of them as one space, at most one blank line
 * between paragraphs, nothing around the whole. The site shows two texts that read the same here
 * the same way, so a change of that whitespace alone is no change to report; a new paragraph is.
 */
function visibleText(text: string): string {
  return text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[ \t]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Whether two values read the same (texts compared as `visibleText` reads them, at any depth). */
export function sameReading(before: unknown, after: unknown): boolean {
  if (typeof before === "string" && typeof after === "string") return visibleText(before) === visibleText(after);
  if (Array.isArray(before) && Array.isArray(after)) return before.length === after.length && before.every((item, i) => sameReading(item, after[i]));
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...keys].every((key) => sameReading(before[key], after[key]));
  }
  return JSON.stringify(before) === JSON.stringify(after);
}

/**
 * Every field that differs between two values: leaves (texts, numbers, each language of a text),
 * list items by position (an item added or removed whole), objects by key. Texts that differ only
 * in whitespace the site does not show (`visibleText`) are the same.
 */
export function changesBetween(before: unknown, after: unknown, path: (string | number)[] = []): Change[] {
  if (sameReading(before, after)) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => changesBetween(before[key], after[key], [...path, key]));
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, i) => i).flatMap((i) =>
      i < before.length && i < after.length ? changesBetween(before[i], after[i], [...path, i]) : [{ path: [...path, i], before: before[i], after: after[i] }],
    );
  }
  // A whole object appeared or went (an optional photo, a search-engine block): each of its fields, so each reads on its own.
  if (before === undefined && isPlainObject(after)) return changesBetween({}, after, path);
  if (after === undefined && isPlainObject(before)) return changesBetween(before, {}, path);
  return [{ path, before, after }];
}

/** Fields whose numbers are euros. */
const euroFields = new Set(["price", "pricePerPerson"]);
/** The longest part of a text quoted in a change. */
const quoted = 90;

/** A value as the change line shows it, in the staff member's language. */
function shown(view: Words, name: string, value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "boolean") return view.t(value ? "content.change.yes" : "content.change.no");
  if (typeof value === "number") {
    return euroFields.has(name)
      ? new Intl.NumberFormat(view.lang === "fr" ? "fr-FR" : "en-GB", {
          style: "currency",
          currency: "EUR",
          maximumFractionDigits: Number.isInteger(value) ? 0 : 2,
        }).format(value)
      : new Intl.NumberFormat(view.lang === "fr" ? "fr-FR" : "en-GB").format(value);
  }
  if (typeof value === "string") {
    if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDay(view, value);
    if (/^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))) return formatTime(view, value);
    const text = value.replace(/\s+/g, " ").trim();
    return view.t("content.change.quoted", { text: text.length > quoted ? `${text.slice(0, quoted - 1).trimEnd()}…` : text });
  }
  if (Array.isArray(value)) return view.t("content.change.items", { count: value.length });
  return view.t("content.change.group");
}

/** The field of a change in words: « Titre (japonais) », « Notes 2 — Critique », « Photo — Texte alternatif (anglais) ». */
export function changeField(view: Words, path: readonly (string | number)[]): string {
  const last = path.at(-1);
  const language = typeof last === "string" && isLanguage(last) && path.length > 1 ? (last as Language) : null;
  // A change line may name a field more shortly than its form does (« Prix » for « Prix en euros TTC »: the value says euros).
  const name = (segment: string) =>
    hasMessage(view, `content.short.${segment}`) ? view.t(`content.short.${segment}` as AdminMessageId) : fieldLabel(view, segment);
  const parts = (language ? path.slice(0, -1) : path).map((segment) => (typeof segment === "number" ? String(segment + 1) : name(segment)));
  // A list item reads "Ratings 2", not "Ratings — 2".
  const words = parts.reduce<string[]>(
    (out, part, i) => (typeof path[i] === "number" && out.length > 0 ? [...out.slice(0, -1), `${out.at(-1)} ${part}`] : [...out, part]),
    [],
  );
  const field = words.join(" — ") || view.t("content.wholeItem");
  return language ? view.t("content.change.inLanguage", { field, language: languageLabel(view, language) }) : field;
}

/** One change in words. */
function describeChange(view: Words, change: Change): string {
  const field = changeField(view, change.path);
  const name = String([...change.path].reverse().find((segment) => typeof segment === "string" && !isLanguage(segment)) ?? "");
  const whole = (value: unknown) => value !== null && typeof value === "object";
  const message: AdminMessageId =
    change.before === undefined
      ? whole(change.after)
        ? "content.change.entryAdded"
        : "content.change.added"
      : change.after === undefined
        ? whole(change.before)
          ? "content.change.entryRemoved"
          : "content.change.removed"
        : "content.change.changed";
  return view.t(message, { field, before: shown(view, name, change.before), after: shown(view, name, change.after) });
}

/** The changes between two versions in words, at most `limit` lines and one saying how many more. */
export function describeChanges(view: Words, before: unknown, after: unknown, limit = 12): string[] {
  const changes = changesBetween(before, after);
  const lines = changes.slice(0, limit).map((change) => describeChange(view, change));
  if (changes.length > limit) lines.push(view.t("content.change.more", { count: changes.length - limit }));
  return lines;
}
