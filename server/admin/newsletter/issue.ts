/**
 * An issue of the newsletter as the staff compose it: the form's fields (each name once, as every
 * staff form: `subject.fr`, `body.fr`, `picture`, `alt.fr`, `wine.<id>`, `tour.<id>`) read into the
 * issue's content by a zod object at the route, each problem named at its field. A draft may be
 * saved half written; sending needs the English subject and text, which every subscriber without
 * their own language reads.
 */
import { existsSync } from "node:fs";
import { z } from "zod";
import { contentFile, type Content } from "#content";
import { scenePattern } from "#content/schemas/scene";
import { languages, type Language } from "#core/languages";
import { isCleanText, isPlainText } from "#forms/text";
import type { AdminMessageId } from "#locales/admin";
import type { NewsletterContent } from "../../db/newsletter";

/** The longest subject, text and picture description (a subject longer than about 80 is cut by mail programs anyway). */
export const issueLimits = { subject: 150, body: 20_000, alt: 300 } as const;

/** A problem at a field of the issue's form, as a message id of the staff catalog. */
export interface IssueProblem {
  field: string;
  message: AdminMessageId;
  values?: Record<string, string | number>;
}

/** The scenes of the content a picture may be chosen from. */
export const pictureExists = (scene: string) => scenePattern.test(scene) && existsSync(contentFile("images", "scenes", `${scene}.jpg`));

const text = (max: number, oneLine: boolean) =>
  z
    .string()
    .default("")
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .refine((value) => value.length <= max, { message: "tooLong" })
    .refine((value) => (oneLine ? isPlainText(value) : isCleanText(value)), { message: "controls" });

/**
 * The composing form's fields: per language a subject, a text and a picture's description, the
 * picture (a scene's name, or none). The boxes per wine and per tour are read against the content
 * the server has now (`tickedLinks`).
 */
export const issueForm = z
  .record(z.string(), z.string())
  .default({})
  .transform((fields, context) => {
    const parsed: NewsletterContent = { subject: {}, body: {}, picture: null, wines: [], tours: [] };
    const alt: Partial<Record<Language, string>> = {};
    const check = (name: string, schema: z.ZodType<string>, value: string | undefined): string => {
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      for (const issue of result.error.issues) context.addIssue({ code: "custom", path: [name], message: issue.message });
      return "";
    };
    for (const lang of languages) {
      const subject = check(`subject.${lang}`, text(issueLimits.subject, true), fields[`subject.${lang}`]);
      const body = check(`body.${lang}`, text(issueLimits.body, false), fields[`body.${lang}`]);
      const description = check(`alt.${lang}`, text(issueLimits.alt, true), fields[`alt.${lang}`]);
      if (subject) parsed.subject[lang] = subject;
      if (body) parsed.body[lang] = body;
      if (description) alt[lang] = description;
    }
    const picture = (fields.picture ?? "").trim();
    if (picture !== "" && !pictureExists(picture)) context.addIssue({ code: "custom", path: ["picture"], message: "picture" });
    else if (picture !== "") parsed.picture = { scene: picture, alt };
    return parsed;
  });

/** The wines and tours the content has now: what an issue may link to. */
export type IssueCatalogue = Pick<Content, "wines" | "tours">;

/** The wines and tours whose boxes are ticked, among those of the content (a box of another name is ignored). */
export function tickedLinks(fields: Record<string, string>, catalogue: IssueCatalogue): Pick<NewsletterContent, "wines" | "tours"> {
  return {
    wines: catalogue.wines.filter((wine) => fields[`wine.${wine.id}`] === "on").map((wine) => wine.id),
    tours: catalogue.tours.packages.filter((tour) => fields[`tour.${tour.id}`] === "on").map((tour) => tour.id),
  };
}

/** The form as typed, without its checks: shown again, with its problems, when it is refused. */
export function typedIssue(fields: Record<string, string>, catalogue: IssueCatalogue): NewsletterContent {
  const typed = (name: string) => (fields[name] ?? "").trim();
  const per = (prefix: string) => Object.fromEntries(languages.flatMap((lang) => (typed(`${prefix}.${lang}`) ? [[lang, typed(`${prefix}.${lang}`)]] : [])));
  const picture = typed("picture");
  return {
    subject: per("subject"),
    body: per("body"),
    picture: pictureExists(picture) ? { scene: picture, alt: per("alt") } : null,
    ...tickedLinks(fields, catalogue),
  };
}

/** The form's problems in the staff catalog's words, by field. */
export function issueProblems(error: z.ZodError): IssueProblem[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? "");
    const kind = field.split(".")[0] ?? "";
    if (issue.message === "tooLong")
      return { field, message: "newsletter.problem.tooLong", values: { maximum: issueLimits[kind as keyof typeof issueLimits] ?? 0 } };
    if (issue.message === "controls") return { field, message: "newsletter.problem.controls" };
    return { field, message: "newsletter.problem.picture" };
  });
}

/** What keeps an issue from being sent: the English subject and text, and the picture's English description. */
export function sendingProblems(issue: NewsletterContent): IssueProblem[] {
  const problems: IssueProblem[] = [];
  if (!issue.subject.en) problems.push({ field: "subject.en", message: "newsletter.problem.englishSubject" });
  if (!issue.body.en) problems.push({ field: "body.en", message: "newsletter.problem.englishBody" });
  if (issue.picture && !issue.picture.alt.en) problems.push({ field: "alt.en", message: "newsletter.problem.englishAlt" });
  for (const lang of languages) {
    if (lang === "en") continue;
    // A language half written would send a subject without its text: both, or neither.
    if (Boolean(issue.subject[lang]) !== Boolean(issue.body[lang]))
      problems.push({ field: issue.subject[lang] ? `body.${lang}` : `subject.${lang}`, message: "newsletter.problem.half", values: { lang } });
  }
  return problems;
}

/** The languages an issue is written in (subject and text), English first. */
export const writtenLanguages = (issue: NewsletterContent): Language[] => languages.filter((lang) => issue.subject[lang] && issue.body[lang]);

/** An empty issue: a new draft. */
export const emptyIssue = (): NewsletterContent => ({ subject: {}, body: {}, picture: null, wines: [], tours: [] });
