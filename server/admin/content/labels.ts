/**
 * How the editor names things to the staff, in their language: a field (`content.field.<name>`), a
 * choice of a list (`content.choice.<value>`: a news category, an icon), an item (its title in the
 * staff member's language when it has one). A name without a catalog entry is spelled out from
 * the code's name, which a test forbids for every field and choice of the content's schemas.
 */
import { adminCatalog, adminTranslator, type AdminMessageId } from "#locales/admin";
import type { ViewContext } from "../shared/view-context";

/** What naming needs of a page's view: its language and its messages (a commit message has no page). */
export type Words = Pick<ViewContext, "lang" | "t">;
import type { ContentType } from "./types";

/** Whether the staff catalog has a message (the English and French catalogs have the same ids). */
export const hasMessage = (view: Pick<Words, "lang">, id: string): id is AdminMessageId => adminCatalog(view.lang)[id] !== undefined;

/** A field's name for the staff: from the catalog (`content.field.<name>`), else the name spelled out. */
export function fieldLabel(view: Words, name: string): string {
  const id = `content.field.${name}`;
  if (hasMessage(view, id)) return view.t(id);
  const words = name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[-_]/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The catalog id of a choice's name: `content.choice.<value>`, a dashed value in camel case (`trade-show` → `tradeShow`). */
export const choiceMessage = (value: string) => `content.choice.${value.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase())}`;

/** A choice's name: from the catalog (`content.choice.<value>`), else the value spelled out. */
export function choiceLabel(view: Words, value: string): string {
  const id = choiceMessage(value);
  if (hasMessage(view, id)) return view.t(id);
  return value.replace(/[-_]/g, " ");
}

/**
 * An item's name in the staff member's language: its title field in their language, else in
 * English, else its id; a wine with its vintage; a single file (the tours) by its type's name.
 */
export function itemTitle(view: Pick<Words, "lang">, type: ContentType, id: string, value: unknown): string {
  const typeName = `content.type.${type.id}`;
  if (type.where.kind === "single" && !type.titleField && hasMessage(view, typeName)) return adminTranslator(view.lang).t(typeName);
  const record = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  const field = type.titleField ? record[type.titleField] : undefined;
  const texts = field && typeof field === "object" ? (field as Record<string, unknown>) : {};
  const title = typeof field === "string" ? field : [texts[view.lang], texts.en].find((text): text is string => typeof text === "string" && text.trim() !== "");
  const vintage = type.id === "wines" && typeof record.vintage === "number" ? ` ${record.vintage}` : "";
  return title && title.trim() !== "" ? `${title}${vintage}` : id;
}
