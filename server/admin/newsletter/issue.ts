/**
 * An issue of the newsletter as the staff compose it: the form's fields (each name once, as every
 * staff form: `subject.fr`, `body.fr`, `picture`, `alt.fr`, `wine.<id>`, `tour.<id>`) read into the
 * issue's content by the route's zod schema (`issueForm`), each problem named at its field. A draft may be
 * saved half written; sending needs the English subject and text, which every subscriber without
 * their own language reads.
 */
import { z } from "zod";
import type { Content } from "#content";
import { languages, type Language } from "#core/languages";
import { isCleanText, isPlainText } from "#forms/text";
import type { AdminMessageId } from "#locales/admin";
import type { NewsletterContent } from "../../db/newsletter";
import { box, listedFields } from "../shared/staff-form";

/** The longest subject, text and picture description (a subject longer than about 80 is cut by mail programs anyway). */
const issueLimits = { subject: 150, body: 20_000, alt: 300 } as const;

/** A problem at a field of the issue's form, as a message id of the staff catalog. */
export interface IssueProblem {
  field: string;
  message: AdminMessageId;
  values?: Record<string, string | number>;
}

const text = (max: number, oneLine: boolean) =>
  z
    .string()
    .default("")
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .refine((value) => value.length <= max, { message: "tooLong" })
    .refine((value) => (oneLine ? isPlainText(value) : isCleanText(value)), { message: "controls" });

/** The wines and tours the content has now: what an issue may link to. */
export type IssueCatalogue = Pick<Content, "wines" | "tours">;

/** What the content store has now that an issue may name: its wines and tours, and whether a scene has a picture (server/content-store.ts). */
export interface IssueSources {
  catalogue: () => IssueCatalogue;
  isScene: (scene: string) => boolean;
}

/** The form's buttons: save, preview, a test to oneself, the sending's confirmation. */
const issueOps = ["save", "preview", "test", "review"] as const;

/** A picture: none, or a scene of the content. */
const pictureField = (isScene: IssueSources["isScene"]) =>
  z
    .string()
    .trim()
    .default("")
    .refine((scene) => scene === "" || isScene(scene), { message: "picture" });

/**
 * The composing form, its fields named per language and per wine and tour: per language a
 * subject, a text and a picture's description (`subject.fr`, `body.fr`, `alt.fr`), the picture (a
 * scene's name, or none), the boxes of the wines and tours of the content the server has when the
 * form is sent (`wine.<id>`, `tour.<id>`: a box of another name is ignored), the button pressed
 * (`_op`) and the language to preview or test in (`_previewLang`, else the staff member's). Each
 * problem is filed under its field's own name.
 */
export const issueForm = ({ catalogue, isScene }: IssueSources) =>
  z.record(z.string(), z.string()).transform((fields, check) => {
    const { field, refused } = listedFields(fields, check);
    const draft: NewsletterContent = { subject: {}, body: {}, picture: null, wines: [], tours: [] };
    const alt: Partial<Record<Language, string>> = {};
    for (const lang of languages) {
      const subject = field(`subject.${lang}`, text(issueLimits.subject, true));
      const body = field(`body.${lang}`, text(issueLimits.body, false));
      const description = field(`alt.${lang}`, text(issueLimits.alt, true));
      if (subject) draft.subject[lang] = subject;
      if (body) draft.body[lang] = body;
      if (description) alt[lang] = description;
    }
    const picture = field("picture", pictureField(isScene));
    if (picture) draft.picture = { scene: picture, alt };
    const { wines, tours } = catalogue();
    draft.wines = wines.filter((wine) => field(`wine.${wine.id}`, box)).map((wine) => wine.id);
    draft.tours = tours.packages.filter((tour) => field(`tour.${tour.id}`, box)).map((tour) => tour.id);
    const op = field("_op", z.enum(issueOps).catch("save")) ?? "save";
    const previewLang = field("_previewLang", z.enum(languages).optional().catch(undefined));
    return refused() ? z.NEVER : { draft, op, previewLang };
  });

/** The form as typed, without its checks: shown again, with its problems, when it is refused. */
export function typedIssue(fields: Record<string, string>, { catalogue, isScene }: IssueSources): NewsletterContent {
  const typed = (name: string) => (fields[name] ?? "").trim();
  const per = (prefix: string) => Object.fromEntries(languages.flatMap((lang) => (typed(`${prefix}.${lang}`) ? [[lang, typed(`${prefix}.${lang}`)]] : [])));
  const picture = typed("picture");
  return {
    subject: per("subject"),
    body: per("body"),
    picture: isScene(picture) ? { scene: picture, alt: per("alt") } : null,
    wines: catalogue()
      .wines.filter((wine) => fields[`wine.${wine.id}`] === "on")
      .map((wine) => wine.id),
    tours: catalogue()
      .tours.packages.filter((tour) => fields[`tour.${tour.id}`] === "on")
      .map((tour) => tour.id),
  };
}

/** The form's problems (each refused field with its problem, as `checkedForm` reports them) in the staff catalog's words. */
export function issueProblems(problems: Partial<Record<string, string>>): IssueProblem[] {
  return Object.entries(problems).map(([field, problem]) => {
    const kind = field.split(".")[0] ?? "";
    if (problem === "tooLong") return { field, message: "newsletter.problem.tooLong", values: { maximum: issueLimits[kind as keyof typeof issueLimits] ?? 0 } };
    if (problem === "controls") return { field, message: "newsletter.problem.controls" };
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
