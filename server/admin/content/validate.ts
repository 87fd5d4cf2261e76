/**
 * A save is checked as the build checks it: first the type's own schema (each problem kept at
 * its field's path, worded in the staff member's language), then the whole content folder
 * through `readContent` (content/index.ts), for what one file cannot check alone (a bottle
 * picture, a grape's names). Nothing is written when either refuses.
 */
import type { z } from "zod";
import { ContentError, readContent } from "#content";
import { invisibleCharacters, unknownArguments } from "../shared/typed-text";
import type { ViewContext } from "../shared/view-context";
import { joinPath, typedTexts, type Draft, type FieldNode } from "./form-model";

/** A problem at a field of the form (`title.fr`), or at the item (`""`). */
export interface FieldProblem {
  path: string;
  message: string;
}

const at = (value: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>((current, key) => (current !== null && typeof current === "object" ? (current as Record<PropertyKey, unknown>)[key] : undefined), value);

/** One zod issue in the staff member's words. The schema's own hints (English) are kept after a translated lead. */
function describeIssue(view: ViewContext, issue: z.core.$ZodIssue, value: unknown): string {
  const given = at(value, issue.path);
  const empty = given === undefined || given === null || (typeof given === "string" && given.trim() === "");
  switch (issue.code) {
    case "invalid_type":
      if (empty) return view.t("content.issue.required");
      return issue.expected === "number" || issue.expected === "int" ? view.t("content.issue.number") : view.t("content.issue.invalid");
    case "too_small":
      if (issue.origin === "string") return empty ? view.t("content.issue.required") : view.t("content.issue.tooShort", { minimum: Number(issue.minimum) });
      if (issue.origin === "array" || issue.origin === "set") return view.t("content.issue.fewItems", { minimum: Number(issue.minimum) });
      return issue.inclusive === false
        ? view.t("content.issue.above", { minimum: Number(issue.minimum) })
        : view.t("content.issue.atLeast", { minimum: Number(issue.minimum) });
    case "too_big":
      if (issue.origin === "string") return view.t("content.issue.tooLong", { maximum: Number(issue.maximum) });
      if (issue.origin === "array" || issue.origin === "set") return view.t("content.issue.manyItems", { maximum: Number(issue.maximum) });
      return view.t("content.issue.atMost", { maximum: Number(issue.maximum) });
    case "not_multiple_of":
      return view.t("content.issue.step", { step: Number(issue.divisor) });
    case "invalid_value":
      return view.t("content.issue.choice");
    case "invalid_format":
      if (issue.format === "date") return view.t("content.issue.date");
      if (issue.format === "datetime") return view.t("content.issue.moment");
      if (issue.format === "url") return view.t("content.issue.url");
      return view.t("content.issue.format", { hint: issue.message });
    case "unrecognized_keys":
      return view.t("content.issue.unknownFields", { fields: issue.keys.join(", ") });
    default:
      return view.t("content.issue.rule", { hint: issue.message });
  }
}

/** The schema's verdict on a value: the parsed value, or each problem at its field. */
export function checkValue(view: ViewContext, schema: z.ZodType, value: unknown): { ok: true } | { ok: false; problems: FieldProblem[] } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({
      path: joinPath(issue.path.map((key) => (typeof key === "number" ? key : String(key)))),
      message: describeIssue(view, issue, value),
    })),
  };
}

/**
 * What a text typed in the form would not publish as typed (../shared/typed-text.ts), each at its
 * field, with what was typed kept: invisible characters (a one-line field takes no line break, tab
 * or direction mark either; a text of several lines keeps its line breaks, tabs and direction
 * marks), and, in a text of the site's languages, a value in braces that is none of `known` (the
 * values the site fills in for this type), which would be published with its part missing.
 */
export function typedTextProblems(view: ViewContext, node: FieldNode, draft: Draft, known: ReadonlySet<string>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const { path, text, oneLine, localized } of typedTexts(node, draft)) {
    const invisible = invisibleCharacters(text, { oneLine });
    if (invisible.length > 0) {
      problems.push({ path, message: view.t(oneLine ? "content.issue.controlsOneLine" : "content.issue.controls", { characters: invisible.join(", ") }) });
      continue;
    }
    const unknown = localized ? unknownArguments(text, known) : [];
    if (unknown.length > 0)
      problems.push({
        path,
        message: view.t("content.issue.unknownValue", {
          value: unknown[0]!,
          known: [...known]
            .sort()
            .map((name) => `{${name}}`)
            .join(", "),
        }),
      });
  }
  return problems;
}

/**
 * The build's whole-content check over the folder as it is now: the problems it finds in one file
 * (`news/x.json`), without the file name. Problems of other files are not this save's.
 */
export function checkFolder(root: string, file: string): string[] {
  try {
    readContent(root);
    return [];
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return error.message
      .split("\n")
      .slice(1)
      .filter((line) => line.startsWith(`${file}:`))
      .map((line) => line.slice(file.length + 1).trim());
  }
}
