/**
 * The content editor's forms, derived from the content's zod schemas: a schema is turned into
 * JSON Schema by zod itself (`z.toJSONSchema`, input side), and that into a tree of fields the one
 * renderer draws (server/admin/content/content-form.tsx). A form's fields are named by their path
 * (`title.fr`, `ratings.0.critic`); a posted form is read back into the item's value through the
 * same tree, so no type needs a page or a parser of its own.
 */
import { isRecord } from "#core/records";
import { TZDate } from "@date-fns/tz";
import { z } from "zod";
import { scenePattern } from "#content/schemas/scene";
import { languages, type Language } from "#core/languages";
import { localOf } from "../../bookings/paris-time";

/** A field of a form, as the renderer draws it. */
export type FieldNode =
  /**
   * `picture`: the name of a scene (content/images/scenes), drawn as the picture and an upload.
   * `datetime`: a moment, typed on the estate's clock (Paris) and stored with its offset.
   * `nullable`: a fact the estate has not given yet (content/schemas/site.ts): left empty, it is saved as null.
   */
  | {
      kind: "text";
      optional: boolean;
      nullable?: boolean;
      format?: "date" | "uri" | "time" | "long" | "picture" | "datetime";
      /** Words the text may also be, chosen from a list beside it (a medal instead of a score's points). */
      alternatives?: string[];
      pattern?: string;
      minLength?: number;
      maxLength?: number;
    }
  /** `exclusiveMin`: the number must be above `min`, not equal to it (a price). */
  | { kind: "number"; optional: boolean; nullable?: boolean; integer: boolean; min?: number; max?: number; step?: number; exclusiveMin?: boolean }
  /** `from`: the options are items of the content (the shop's wines), given by the page that draws the form. */
  | { kind: "choice"; optional: boolean; options: string[]; from?: "wines" }
  | { kind: "boolean"; optional: boolean }
  /** One text per site language, all required unless `partial`. */
  | { kind: "localized"; optional: boolean; partial: boolean; long: boolean }
  | { kind: "group"; optional: boolean; fields: [string, FieldNode][] }
  /**
   * Objects of one of a few shapes that differ by one number's key (a group price `perPerson` or
   * `perGroup`): their shared fields, then the amount and which key it goes under, chosen from
   * `keys` (form names `<path>.__amount`, `<path>.__per`).
   */
  | { kind: "variant"; optional: boolean; shared: [string, FieldNode][]; keys: string[]; amount: FieldNode }
  /** A list; `fixed` when its length is the schema's (a tuple): no adding or removing. */
  | { kind: "list"; optional: boolean; item: FieldNode; min?: number; max?: number; fixed: boolean }
  /** What the renderer has no control for (a map of names): edited as JSON text. */
  | { kind: "json"; optional: boolean };

type JsonSchema = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
};

const languageKeys = [...languages].sort().join(",");

/** The estate's clock, on which moments are typed and shown. */
const parisZone = "Europe/Paris";

/** Whether an object schema is "one value per site language". */
function isLocalized(schema: JsonSchema): boolean {
  return (
    schema.type === "object" &&
    Object.keys(schema.properties ?? {})
      .sort()
      .join(",") === languageKeys
  );
}

/** Texts whose field names say they are long: drawn as several lines. */
const longNames = /^(content|description|tastingNotes|soils|body|intro|text|paragraphs?|quote|story)$/i;

function toNode(schema: JsonSchema, optional: boolean, name: string): FieldNode {
  if (schema.anyOf) {
    // A value or null (a legal fact not known yet): the value's field, which may be left empty.
    const known = schema.anyOf.filter((branch) => branch.type !== "null");
    if (known.length === 1 && known.length < schema.anyOf.length) {
      const node = toNode(known[0]!, true, name);
      if (node.kind === "text" || node.kind === "number") return { ...node, nullable: true };
    }
    // A choice between shapes of object that differ by one number's key (a group price per person
    // or for the group): their shared fields, an amount and the key it goes under. Any other
    // choice of shapes is edited as its JSON, so it comes back as it was; the schema checks it.
    if (known.every((branch) => branch.type === "object")) return variantOf(known, optional) ?? { kind: "json", optional };
    // A union of strings (a score: points or a medal) is typed as text, or chosen from the words
    // it may be (a medal, by its name in the staff's language); the schema checks it.
    const words = known.flatMap((branch) => (Array.isArray(branch.enum) ? branch.enum.map(String) : []));
    return { kind: "text", optional, ...(words.length > 0 ? { alternatives: words } : {}) };
  }
  if (schema.enum) return { kind: "choice", optional, options: schema.enum.map(String) };
  if (schema.choicesFrom === "wines") return { kind: "choice", optional, options: [], from: "wines" };
  if (schema.const !== undefined && typeof schema.const === "boolean") return { kind: "boolean", optional };
  switch (schema.type) {
    case "string": {
      const format =
        schema.pattern === scenePattern.source
          ? "picture"
          : schema.format === "date"
            ? "date"
            : schema.format === "date-time"
              ? "datetime"
              : schema.format === "uri"
                ? "uri"
                : longNames.test(name)
                  ? "long"
                  : undefined;
      return {
        kind: "text",
        optional,
        ...(format ? { format } : {}),
        ...(typeof schema.minLength === "number" ? { minLength: schema.minLength } : {}),
        ...(typeof schema.maxLength === "number" ? { maxLength: schema.maxLength } : {}),
      };
    }
    case "number":
    case "integer": {
      const min = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum : undefined;
      const max = typeof schema.maximum === "number" && schema.maximum < Number.MAX_SAFE_INTEGER ? schema.maximum : undefined;
      const step = typeof schema.multipleOf === "number" ? schema.multipleOf : schema.type === "integer" ? 1 : "any";
      const exclusiveMin = typeof schema.minimum !== "number" && typeof schema.exclusiveMinimum === "number";
      return {
        kind: "number",
        optional,
        integer: schema.type === "integer",
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
        ...(typeof step === "number" ? { step } : {}),
        ...(exclusiveMin ? { exclusiveMin } : {}),
      };
    }
    case "boolean":
      return { kind: "boolean", optional };
    case "array": {
      if (schema.prefixItems && schema.prefixItems.length > 0) {
        return {
          kind: "list",
          optional,
          item: toNode(schema.prefixItems[0]!, false, name),
          fixed: true,
          min: schema.prefixItems.length,
          max: schema.prefixItems.length,
        };
      }
      const item = toNode(schema.items ?? {}, false, name);
      const min = typeof schema.minItems === "number" ? schema.minItems : undefined;
      const max = typeof schema.maxItems === "number" ? schema.maxItems : undefined;
      return {
        kind: "list",
        optional,
        item,
        fixed: min !== undefined && min === max,
        ...(min !== undefined ? { min } : {}),
        ...(max !== undefined ? { max } : {}),
      };
    }
    case "object": {
      if (isLocalized(schema)) {
        const partial = (schema.required ?? []).length === 0;
        return { kind: "localized", optional, partial, long: longNames.test(name) };
      }
      if (!schema.properties || Object.keys(schema.properties).length === 0) return { kind: "json", optional };
      const required = new Set(schema.required ?? []);
      return { kind: "group", optional, fields: Object.entries(schema.properties).map(([key, child]) => [key, toNode(child, !required.has(key), key)]) };
    }
    default:
      return { kind: "json", optional };
  }
}

/** Shapes of object that share every field but one number each, as a `variant` node; else null. */
function variantOf(branches: JsonSchema[], optional: boolean): FieldNode | null {
  const keysOf = (branch: JsonSchema) => Object.keys(branch.properties ?? {});
  const shared = keysOf(branches[0]!).filter((key) => branches.every((branch) => keysOf(branch).includes(key)));
  const own = branches.map((branch) => keysOf(branch).filter((key) => !shared.includes(key)));
  if (branches.length < 2 || own.some((keys) => keys.length !== 1)) return null;
  const amounts = own.map((keys, i) => toNode(branches[i]!.properties![keys[0]!]!, false, keys[0]!));
  if (amounts.some((node) => node.kind !== "number")) return null;
  const first = branches[0]!;
  const required = new Set(first.required ?? []);
  return {
    kind: "variant",
    optional,
    shared: shared.map((key) => [key, toNode(first.properties![key]!, !required.has(key), key)]),
    keys: own.map((keys) => keys[0]!),
    amount: amounts[0]!,
  };
}

/** The form of a content schema: the tree of its fields. */
export function formOf(schema: z.ZodType): FieldNode {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return toNode(json, false, "");
}

/** A form's values as typed: strings at the leaves, in the shape of the item. */
export type Draft = string | { [key: string]: Draft } | Draft[];

/** The path of a field, as its form name: `ratings.0.critic`. */
export const joinPath = (path: readonly (string | number)[]) => path.map(String).join(".");

/** An item's value as form text: every leaf a string (numbers written out, booleans "on" or ""). */
export function draftOf(node: FieldNode, value: unknown): Draft {
  switch (node.kind) {
    case "localized": {
      const texts = (value ?? {}) as Partial<Record<Language, unknown>>;
      return Object.fromEntries(languages.map((lang) => [lang, typeof texts[lang] === "string" ? texts[lang] : ""]));
    }
    case "group": {
      const fields = (value ?? {}) as Record<string, unknown>;
      return Object.fromEntries(node.fields.map(([key, child]) => [key, draftOf(child, fields[key])]));
    }
    case "list": {
      const items = Array.isArray(value) ? value : [];
      const count = node.fixed ? (node.min ?? items.length) : items.length;
      return Array.from({ length: count }, (_, i) => draftOf(node.item, items[i]));
    }
    case "boolean":
      return value === true ? "on" : "";
    case "variant": {
      const fields = (value ?? {}) as Record<string, unknown>;
      const per = node.keys.find((key) => key in fields) ?? node.keys[0]!;
      return {
        ...Object.fromEntries(node.shared.map(([key, child]) => [key, draftOf(child, fields[key])])),
        __amount: draftOf(node.amount, fields[per]),
        __per: per,
      };
    }
    case "json":
      return value === undefined ? "" : JSON.stringify(value, null, 2);
    case "text":
      if (node.format === "datetime" && typeof value === "string") return parisLocalOf(value) ?? value;
      return value === undefined || value === null ? "" : String(value);
    default:
      return value === undefined || value === null ? "" : String(value);
  }
}

/** A moment as a `datetime-local` input shows it on the estate's clock (`2026-12-01T09:30`), or null if it is no moment. */
export function parisLocalOf(iso: string): string | null {
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return null;
  const { date, time: clock } = localOf(new Date(time), parisZone);
  return `${date}T${clock}`;
}

/**
 * What a `datetime-local` input sent (`2026-12-01T09:30`, the estate's clock) as a moment with that
 * day's offset (`2026-12-01T09:30:00+01:00`); null when it is not that shape or names no real day.
 */
export function momentFromParis(local: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2})?$/.exec(local.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hours > 23 || minutes > 59) return null;
  const instant = new TZDate(year, month - 1, day, hours, minutes, parisZone);
  if (instant.getDate() !== day) return null;
  const offset = Math.round((Date.UTC(year, month - 1, day, hours, minutes) - instant.getTime()) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const pad = (n: number) => String(Math.abs(n)).padStart(2, "0");
  return `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/**
 * A posted form read back into a draft, field by field through the tree: a list's length comes
 * from its `<path>.__count` field, so an emptied item is kept (and shown) rather than dropped.
 */
export function draftFromForm(node: FieldNode, fields: Record<string, string>, path: (string | number)[] = []): Draft {
  // A browser posts a text area's line ends as CR LF (HTML's form encoding): stored as LF, the one
  // the files have, so a save changes only what was typed.
  const at = (p: (string | number)[]) => lineEnds(fields[joinPath(p)] ?? "");
  switch (node.kind) {
    case "localized":
      return Object.fromEntries(languages.map((lang) => [lang, at([...path, lang])]));
    case "group":
      return Object.fromEntries(node.fields.map(([key, child]) => [key, draftFromForm(child, fields, [...path, key])]));
    case "variant":
      return {
        ...Object.fromEntries(node.shared.map(([key, child]) => [key, draftFromForm(child, fields, [...path, key])])),
        __amount: at([...path, "__amount"]),
        __per: at([...path, "__per"]),
      };
    case "list": {
      const counted = Number.parseInt(fields[joinPath([...path, "__count"])] ?? "0", 10);
      const count = Math.min(Number.isFinite(counted) && counted > 0 ? counted : 0, 500);
      return Array.from({ length: count }, (_, i) => draftFromForm(node.item, fields, [...path, i]));
    }
    case "text": {
      // A word chosen beside the text (a medal) stands for the text.
      const chosen = node.alternatives ? (fields[joinPath([...path, "__choice"])] ?? "") : "";
      return node.alternatives?.includes(chosen) ? chosen : at(path);
    }
    default:
      return at(path);
  }
}

/** A text with its line ends as `\n` (CR LF and lone CR, as browsers and older files have them). */
const lineEnds = (text: string) => text.replace(/\r\n?/g, "\n");

/** Whether nothing of a draft is filled in. */
export const isBlank = (draft: Draft): boolean =>
  typeof draft === "string" ? draft.trim() === "" : Array.isArray(draft) ? draft.every(isBlank) : Object.values(draft).every(isBlank);

/**
 * A draft turned into the value the schema checks: numbers parsed (text that is no number is
 * left as text, so the schema names the field), empty optional fields left out, the JSON of a
 * `json` field parsed (when it is not JSON it is left as text, and refused by the schema).
 */
export function valueOf(node: FieldNode, draft: Draft): unknown {
  switch (node.kind) {
    case "localized": {
      const texts = draft as Record<string, string>;
      const filled = languages.filter((lang) => (texts[lang] ?? "").trim() !== "");
      if (filled.length === 0 && node.optional) return undefined;
      if (node.partial) return Object.fromEntries(filled.map((lang) => [lang, texts[lang]]));
      return Object.fromEntries(languages.map((lang) => [lang, texts[lang] ?? ""]));
    }
    case "group": {
      const fields = draft as Record<string, Draft>;
      // An optional group left blank (a news item without a photo) is left out, required parts and all.
      if (node.optional && isBlank(draft)) return undefined;
      const out: Record<string, unknown> = {};
      for (const [key, child] of node.fields) {
        const value = valueOf(child, fields[key] ?? "");
        if (value !== undefined) out[key] = value;
      }
      if (node.optional && Object.keys(out).length === 0) return undefined;
      return out;
    }
    case "list":
      return (draft as Draft[]).map((item) => valueOf(node.item, item));
    case "variant": {
      const fields = draft as Record<string, Draft>;
      const per = typeof fields.__per === "string" && node.keys.includes(fields.__per) ? fields.__per : node.keys[0]!;
      const out: Record<string, unknown> = {};
      for (const [key, child] of node.shared) {
        const value = valueOf(child, fields[key] ?? "");
        if (value !== undefined) out[key] = value;
      }
      out[per] = valueOf(node.amount, fields.__amount ?? "");
      return out;
    }
    case "boolean":
      return draft === "on" ? true : node.optional ? undefined : false;
    case "number": {
      const text = (draft as string).trim().replace(",", ".");
      if (text === "") return node.optional && !node.nullable ? undefined : null;
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
    case "json": {
      const text = (draft as string).trim();
      if (text === "") return node.optional ? undefined : null;
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    }
    default: {
      const text = draft as string;
      if (text.trim() === "" && node.optional) return node.kind === "text" && node.nullable ? null : undefined;
      // A moment typed on the estate's clock gets its offset; what is not one is left for the schema to name.
      if (node.kind === "text" && node.format === "datetime") return momentFromParis(text) ?? text;
      return text;
    }
  }
}

/**
 * A change to a form made without saving: a list's items added, removed or moved, or an optional
 * photograph taken off (`clear:photo`: its picture and its descriptions emptied, so the save leaves
 * it out). A button of the form names it in `_op`.
 */
export type ListOperation = { op: "add"; path: string } | { op: "clear"; path: string } | { op: "remove" | "up" | "down"; path: string; index: number };

/** Reads `_op` (`add:ratings`, `remove:ratings:2`, `clear:photo`…); anything else is no operation. */
export function parseOperation(value: string | undefined): ListOperation | null {
  const match = /^(add|clear|remove|up|down):([A-Za-z0-9_.]+)(?::(\d{1,3}))?$/.exec(value ?? "");
  if (!match) return null;
  const [, op, path, index] = match;
  if (op === "add" || op === "clear") return index === undefined ? { op, path: path! } : null;
  if (index === undefined) return null;
  return { op: op as "remove" | "up" | "down", path: path!, index: Number(index) };
}

/** The node and draft at a path, with a setter of that draft, or null when the path names no field. */
function fieldAt(node: FieldNode, draft: Draft, path: string[]): { node: FieldNode; value: Draft; set: (value: Draft) => void } | null {
  let current: FieldNode = node;
  let value: Draft = draft;
  let set: (value: Draft) => void = () => undefined;
  for (const segment of path) {
    if (current.kind === "group") {
      const child = current.fields.find(([key]) => key === segment);
      if (!child || typeof value !== "object" || Array.isArray(value)) return null;
      const parent = value;
      current = child[1];
      value = parent[segment] ?? "";
      set = (next) => (parent[segment] = next);
    } else if (current.kind === "list") {
      const index = Number(segment);
      if (!Array.isArray(value) || !Number.isInteger(index) || index < 0 || index >= value.length) return null;
      const parent = value;
      current = current.item;
      value = parent[index]!;
      set = (next) => (parent[index] = next);
    } else return null;
  }
  return { node: current, value, set };
}

/** The list node and draft at a path, or null when the path names no list. */
function listAt(node: FieldNode, draft: Draft, path: string[]): { node: Extract<FieldNode, { kind: "list" }>; items: Draft[] } | null {
  const found = fieldAt(node, draft, path);
  return found?.node.kind === "list" && Array.isArray(found.value) ? { node: found.node, items: found.value } : null;
}

/** Whether a group is a photograph that may be taken off: optional, with a picture field. */
export const isRemovablePicture = (node: FieldNode): boolean => node.kind === "group" && node.optional && hasPictureField(node);

/** Applies a form operation to a draft in place; an operation the field does not allow does nothing. */
export function applyOperation(node: FieldNode, draft: Draft, operation: ListOperation): void {
  if (operation.op === "clear") {
    const field = fieldAt(node, draft, operation.path.split("."));
    if (field && isRemovablePicture(field.node)) field.set(draftOf(field.node, undefined));
    return;
  }
  const list = listAt(node, draft, operation.path.split("."));
  if (!list || list.node.fixed) return;
  const { items } = list;
  if (operation.op === "add") {
    if (list.node.max === undefined || items.length < list.node.max) items.push(draftOf(list.node.item, undefined));
    return;
  }
  const i = operation.index;
  if (i >= items.length) return;
  if (operation.op === "remove" && items.length > (list.node.min ?? 0)) items.splice(i, 1);
  if (operation.op === "up" && i > 0) [items[i - 1], items[i]] = [items[i]!, items[i - 1]!];
  if (operation.op === "down" && i < items.length - 1) [items[i + 1], items[i]] = [items[i]!, items[i + 1]!];
}

/** How many localized texts of a draft are filled in, per language, out of how many. */
export function completeness(node: FieldNode, draft: Draft): { total: number; filled: Record<Language, number> } {
  const filled = Object.fromEntries(languages.map((lang) => [lang, 0])) as Record<Language, number>;
  let total = 0;
  const visit = (n: FieldNode, d: Draft) => {
    if (n.kind === "localized") {
      const texts = d as Record<string, string>;
      // A text given in some languages only (a quote's translations) is never missing in the others;
      // an optional text left empty in every language is not asked for.
      if (n.partial || (n.optional && languages.every((lang) => (texts[lang] ?? "").trim() === ""))) return;
      total += 1;
      for (const lang of languages) if ((texts[lang] ?? "").trim() !== "") filled[lang] += 1;
    } else if (n.kind === "group") {
      // An optional group left blank (a news item without a photo) asks for none of its texts.
      if (n.optional && isBlank(d)) return;
      for (const [key, child] of n.fields) visit(child, (d as Record<string, Draft>)[key] ?? "");
    } else if (n.kind === "list") {
      for (const item of d as Draft[]) visit(n.item, item);
    }
  };
  visit(node, draft);
  return { total, filled };
}

/** A text typed in a form: its field's path (`title.fr`), and whether the field is one line (an input, not a text area). */
export interface TypedText {
  path: string;
  text: string;
  oneLine: boolean;
  /** A text in the site's languages: ICU MessageFormat, its `{values}` filled in by the page (content/text.ts). */
  localized: boolean;
}

/** Every text of a draft (lists' items and each language included), in form order. */
export function typedTexts(node: FieldNode, draft: Draft): TypedText[] {
  const found: TypedText[] = [];
  const visit = (n: FieldNode, d: Draft, path: (string | number)[]) => {
    if (n.kind === "text" && typeof d === "string") found.push({ path: joinPath(path), text: d, oneLine: n.format !== "long", localized: false });
    else if (n.kind === "localized" && typeof d === "object" && !Array.isArray(d)) {
      for (const lang of languages) {
        const text = d[lang];
        if (typeof text === "string") found.push({ path: joinPath([...path, lang]), text, oneLine: !n.long, localized: true });
      }
    } else if (n.kind === "group" && typeof d === "object" && !Array.isArray(d)) {
      for (const [key, child] of n.fields) visit(child, d[key] ?? "", [...path, key]);
    } else if (n.kind === "list" && Array.isArray(d)) {
      d.forEach((item, i) => visit(n.item, item, [...path, i]));
    }
  };
  visit(node, draft, []);
  return found;
}

/** A picture field of a draft: its path (`photo.scene`) and how to set its scene name. */
export interface PictureField {
  path: string;
  set: (name: string) => void;
}

/** Every picture field of a draft (lists' items included), in form order. */
export function pictureFields(node: FieldNode, draft: Draft): PictureField[] {
  const found: PictureField[] = [];
  const visit = (n: FieldNode, d: Draft, path: (string | number)[], set: (value: Draft) => void) => {
    if (n.kind === "text" && n.format === "picture") found.push({ path: joinPath(path), set });
    else if (n.kind === "group" && typeof d === "object" && !Array.isArray(d)) {
      for (const [key, child] of n.fields) visit(child, d[key] ?? "", [...path, key], (value) => (d[key] = value));
    } else if (n.kind === "list" && Array.isArray(d)) {
      d.forEach((item, i) => visit(n.item, item, [...path, i], (value) => (d[i] = value)));
    }
  };
  visit(node, draft, [], () => undefined);
  return found;
}

/** Whether a form has a picture field anywhere (it is then posted as `multipart/form-data`). */
export function hasPictureField(node: FieldNode): boolean {
  if (node.kind === "text") return node.format === "picture";
  if (node.kind === "group") return node.fields.some(([, child]) => hasPictureField(child));
  if (node.kind === "list") return hasPictureField(node.item);
  return false;
}

/** The scene names a value uses (every string at a picture field). */
export function sceneNamesOf(node: FieldNode, value: unknown): string[] {
  if (node.kind === "text") return node.format === "picture" && typeof value === "string" ? [value] : [];
  if (node.kind === "group" && isRecord(value)) return node.fields.flatMap(([key, child]) => sceneNamesOf(child, value[key]));
  if (node.kind === "list" && Array.isArray(value)) return value.flatMap((item) => sceneNamesOf(node.item, item));
  return [];
}

/** A picture a value names and where its scene is cut (`focus`, `zoom` beside the picture field). */
export interface PictureUseOf {
  scene: string;
  framing: { focus?: { x: number; y: number }; zoom?: number };
}

/** Whether a group holds a picture field directly (a photo: its scene, its descriptions, its framing). */
export const isPictureGroup = (node: FieldNode): boolean =>
  node.kind === "group" && node.fields.some(([, child]) => child.kind === "text" && child.format === "picture");

/** Every picture a value names, with its framing, in form order. */
export function pictureUsesOf(node: FieldNode, value: unknown): PictureUseOf[] {
  if (node.kind === "list" && Array.isArray(value)) return value.flatMap((item) => pictureUsesOf(node.item, item));
  if (node.kind !== "group" || !value || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  const own: PictureUseOf[] = [];
  if (isPictureGroup(node)) {
    const key = node.fields.find(([, child]) => child.kind === "text" && child.format === "picture")![0];
    const focus = record.focus as { x?: unknown; y?: unknown } | undefined;
    const framing = {
      ...(focus && typeof focus.x === "number" && typeof focus.y === "number" ? { focus: { x: focus.x, y: focus.y } } : {}),
      ...(typeof record.zoom === "number" ? { zoom: record.zoom } : {}),
    };
    if (typeof record[key] === "string") own.push({ scene: record[key], framing });
  }
  return [...own, ...node.fields.flatMap(([key, child]) => pictureUsesOf(child, record[key]))];
}

/** The draft of the group at a path (`photo`, `gallery.2`), or null. */
export function draftAt(node: FieldNode, draft: Draft, path: string): { node: FieldNode; value: Draft } | null {
  const found = fieldAt(node, draft, path === "" ? [] : path.split("."));
  return found ? { node: found.node, value: found.value } : null;
}
