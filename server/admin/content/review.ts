/**
 * Translation state: when the English of a localized text changes, its other languages are
 * marked "needs review" (as PO's fuzzy flag marks a translation whose source changed) until an
 * editor saves a new text in that language or ticks it as checked. Kept in the database
 * (`content_review`, migration 40), by item and field path (`title.fr`).
 */
import { languages, type Language } from "#core/languages";
import type { ReviewTable } from "../../db/content-review";

type Texts = Partial<Record<Language, unknown>>;

/** Every localized text of a value (an object with an English text and only language keys), by path. */
function localizedTexts(value: unknown, path: string[] = [], out = new Map<string, Texts>()): Map<string, Texts> {
  if (Array.isArray(value)) value.forEach((item, index) => localizedTexts(item, [...path, String(index)], out));
  else if (value !== null && typeof value === "object") {
    const keys = Object.keys(value);
    if (keys.length > 0 && keys.includes("en") && keys.every((key) => (languages as readonly string[]).includes(key))) out.set(path.join("."), value as Texts);
    else for (const key of keys) localizedTexts((value as Record<string, unknown>)[key], [...path, key], out);
  }
  return out;
}

export class ReviewStore {
  constructor(
    private readonly table: ReviewTable,
    private readonly now: () => Date,
  ) {}

  /** The `path.lang` names of an item's texts that need review. */
  of(type: string, item: string): Set<string> {
    return this.table.paths(type, item);
  }

  /**
   * After a save from `before` to `after`: languages left as they were under a changed English
   * are marked; languages whose text changed, or that the form ticked as checked
   * (`_reviewed.<path>.<lang>`), are cleared.
   */
  afterSave(type: string, item: string, before: unknown, after: unknown, fields: Record<string, string>): void {
    const old = localizedTexts(before);
    const change = { mark: [] as string[], clear: [] as string[] };
    for (const [path, texts] of localizedTexts(after)) {
      const previous = old.get(path);
      const englishChanged = previous !== undefined && previous.en !== texts.en;
      for (const lang of languages) {
        if (lang === "en") continue;
        const name = `${path}.${lang}`;
        const rewritten = previous !== undefined && previous[lang] !== texts[lang];
        if (rewritten || fields[`_reviewed.${name}`] === "on") change.clear.push(name);
        else if (englishChanged && texts[lang] !== undefined) change.mark.push(name);
      }
    }
    this.table.update(type, item, change, this.now());
  }

  /** An item deleted: nothing of it is left to review. */
  forget(type: string, item: string): void {
    this.table.forget(type, item);
  }
}
