/**
 * An issue of the newsletter as the staff compose it: the form's fields (each name once, as every
 * staff form: `subject.fr`, `body.fr`, `picture`, `picture.focus.x`, `alt.fr`, `wine.<id>`,
 * `tour.<id>`, `link.0.url`, `link.0.label.fr`) read into the issue's content by the route's zod
 * schema (`issueForm`), each problem named at its field. A draft may be saved half written and in
 * any one language; a test needs the version it sends; a sending needs each language it is written
 * in whole (subject, text, the picture's description, each button's words), and goes to the
 * subscribers who read one of them (server/mail/newsletter.ts `audienceOf`).
 */
import { z } from "zod";
import type { Content } from "#content";
import { languages, type Language } from "#core/languages";
import type { AdminMessageId } from "#locales/admin";
import type { NewsletterContent, NewsletterLink } from "../../db/newsletter";
import { readingLanguage, writtenLanguages } from "../../mail/newsletter";
import { zooms } from "../shared/focus-picker";
import { box, listedFields } from "../shared/staff-form";
import { invisibleCharacters } from "../shared/typed-text";

/** The longest subject, text, picture description, button words and address (a subject longer than about 80 is cut by mail programs anyway). */
const issueLimits = { subject: 150, body: 20_000, alt: 300, label: 80, url: 2000 } as const;

/** How many buttons of her own an issue may have. */
export const linkSlots = 3;

/** A problem at a field of the issue's form, as a message id of the staff catalog. */
export interface IssueProblem {
  field: string;
  message: AdminMessageId;
  values?: Record<string, string | number>;
}

/** A text as typed: line ends as `\n` (a browser posts `\r\n`), trimmed, within `max`, without invisible characters (named in the problem). */
const text = (max: number, oneLine: boolean) =>
  z
    .string()
    .default("")
    .transform((value) => value.replace(/\r\n?/g, "\n"))
    // Before the trim, which would take a U+FEFF at either end away unsaid.
    .superRefine((value, check) => {
      const found = invisibleCharacters(value, { oneLine });
      if (found.length > 0) check.addIssue({ code: "custom", message: `controls:${found.join(", ")}` });
    })
    .transform((value) => value.trim())
    .refine((value) => value.length <= max, { message: "tooLong" });

/** A button's address: the site's or another, `https:` (or `http:`), without a user or password in it. */
const linkUrl = z
  .string()
  .default("")
  .transform((value) => value.trim())
  .refine((value) => value.length <= issueLimits.url, { message: "tooLong" })
  .refine(
    (value) => {
      if (value === "") return true;
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".") && url.username === "" && url.password === "";
      } catch {
        return false;
      }
    },
    { message: "url" },
  );

/** The wines and tours the content has now: what an issue may link to. */
export type IssueCatalogue = Pick<Content, "wines" | "tours">;

/** The form's buttons: save, preview, a test to oneself, the sending's confirmation. */
const issueOps = ["save", "preview", "test", "review"] as const;

/** A fraction of the picture (its focus), the middle when it is not one. */
const fraction = z
  .string()
  .optional()
  .transform((value) => (value !== undefined && value.trim() !== "" && Number(value) >= 0 && Number(value) <= 1 ? Number(value) : 0.5));
/** A zoom the picker offers, the widest when it is not one. */
const zoom = z
  .string()
  .optional()
  .transform((value) => (value !== undefined && zooms.includes(Number(value)) ? Number(value) : 1));

/**
 * The composing form, its fields named per language, per wine and tour and per button: per language
 * a subject, a text and a picture's description (`subject.fr`, `body.fr`, `alt.fr`), the picture (a
 * scene's name or an uploaded photograph's, or none, as `pictureExists` knows them) and where it is
 * cut, the boxes of the wines and tours of the content the server has when the form is sent
 * (`wine.<id>`, `tour.<id>`: a box of another name is ignored), the buttons (`link.<n>.url`,
 * `link.<n>.label.<lang>`; one left empty is none), the button pressed (`_op`) and the language to
 * preview or test in (`_previewLang`, else the staff member's). Each problem is filed under its
 * field's own name.
 */
export const issueForm = (catalogue: () => IssueCatalogue, pictureExists: (name: string) => boolean) =>
  z.record(z.string(), z.string()).transform((fields, check) => {
    const { field, refused } = listedFields(fields, check);
    const draft: NewsletterContent = { subject: {}, body: {}, picture: null, wines: [], tours: [], links: [] };
    const alt: Partial<Record<Language, string>> = {};
    for (const lang of languages) {
      const subject = field(`subject.${lang}`, text(issueLimits.subject, true));
      const body = field(`body.${lang}`, text(issueLimits.body, false));
      const description = field(`alt.${lang}`, text(issueLimits.alt, true));
      if (subject) draft.subject[lang] = subject;
      if (body) draft.body[lang] = body;
      if (description) alt[lang] = description;
    }
    const picture = field(
      "picture",
      z
        .string()
        .trim()
        .default("")
        .refine((name) => name === "" || pictureExists(name), { message: "picture" }),
    );
    if (picture) {
      draft.picture = { scene: picture, alt };
      if (picture.startsWith("upload-")) {
        draft.picture.focus = { x: field("picture.focus.x", fraction) ?? 0.5, y: field("picture.focus.y", fraction) ?? 0.5 };
        draft.picture.zoom = field("picture.zoom", zoom) ?? 1;
      }
    }
    const { wines, tours } = catalogue();
    draft.wines = wines.filter((wine) => field(`wine.${wine.id}`, box)).map((wine) => wine.id);
    draft.tours = tours.packages.filter((tour) => field(`tour.${tour.id}`, box)).map((tour) => tour.id);
    for (let slot = 0; slot < linkSlots; slot++) {
      const url = field(`link.${slot}.url`, linkUrl) ?? "";
      const label: NewsletterLink["label"] = {};
      for (const lang of languages) {
        const words = field(`link.${slot}.label.${lang}`, text(issueLimits.label, true));
        if (words) label[lang] = words;
      }
      if (url || Object.keys(label).length > 0) draft.links.push({ url, label });
    }
    const op = field("_op", z.enum(issueOps).catch("save")) ?? "save";
    const previewLang = field("_previewLang", z.enum(languages).optional().catch(undefined));
    return refused() ? z.NEVER : { draft, op, previewLang };
  });

/** The form as typed, without its checks: shown again, with its problems, when it is refused. */
export function typedIssue(fields: Record<string, string>, catalogue: IssueCatalogue, pictureExists: (name: string) => boolean): NewsletterContent {
  // Spaces and line breaks around a text go, but not an invisible character the form names (JavaScript's trim takes a U+FEFF too).
  const typed = (name: string) => (fields[name] ?? "").replace(/\r\n?/g, "\n").replace(/^[ \t\n\u00A0\u3000]+|[ \t\n\u00A0\u3000]+$/g, "");
  const per = (prefix: string) => Object.fromEntries(languages.flatMap((lang) => (typed(`${prefix}.${lang}`) ? [[lang, typed(`${prefix}.${lang}`)]] : [])));
  const picture = typed("picture");
  const number = (name: string, fallback: number) => (Number.isFinite(Number(typed(name))) && typed(name) !== "" ? Number(typed(name)) : fallback);
  const links = Array.from({ length: linkSlots }, (_, slot) => ({ url: typed(`link.${slot}.url`), label: per(`link.${slot}.label`) })).filter(
    (link) => link.url || Object.keys(link.label).length > 0,
  );
  return {
    subject: per("subject"),
    body: per("body"),
    picture: pictureExists(picture)
      ? {
          scene: picture,
          alt: per("alt"),
          ...(picture.startsWith("upload-")
            ? { focus: { x: number("picture.focus.x", 0.5), y: number("picture.focus.y", 0.5) }, zoom: number("picture.zoom", 1) }
            : {}),
        }
      : null,
    wines: catalogue.wines.filter((wine) => fields[`wine.${wine.id}`] === "on").map((wine) => wine.id),
    tours: catalogue.tours.packages.filter((tour) => fields[`tour.${tour.id}`] === "on").map((tour) => tour.id),
    links,
  };
}

/** The form's problems (each refused field with its problem, as `checkedForm` reports them) in the staff catalog's words. */
export function issueProblems(problems: Partial<Record<string, string>>): IssueProblem[] {
  return Object.entries(problems).map(([field, problem = ""]): IssueProblem => {
    const kind = field.startsWith("link.") ? (field.endsWith(".url") ? "url" : "label") : (field.split(".")[0] ?? "");
    if (problem === "tooLong") return { field, message: "newsletter.problem.tooLong", values: { maximum: issueLimits[kind as keyof typeof issueLimits] ?? 0 } };
    if (problem.startsWith("controls:")) return { field, message: "newsletter.problem.controls", values: { characters: problem.slice("controls:".length) } };
    if (problem === "url") return { field, message: "newsletter.problem.url" };
    return { field, message: "newsletter.problem.picture" };
  });
}

/** What a language's version lacks to be sent: its subject or its text, the picture's description, a button's words. */
function languageProblems(issue: NewsletterContent, lang: Language): IssueProblem[] {
  const problems: IssueProblem[] = [];
  if (issue.picture && !issue.picture.alt[lang]) problems.push({ field: `alt.${lang}`, message: "newsletter.problem.alt", values: { lang } });
  issue.links.forEach((link, slot) => {
    if (!link.label[lang]) problems.push({ field: `link.${slot}.label.${lang}`, message: "newsletter.problem.linkLabel", values: { lang } });
  });
  return problems;
}

/** Buttons whose address is missing. */
const linkProblems = (issue: NewsletterContent): IssueProblem[] =>
  issue.links.flatMap((link, slot) => (link.url ? [] : [{ field: `link.${slot}.url`, message: "newsletter.problem.linkUrl" as const }]));

/** A language written half (a subject without its text, or the reverse). */
const halfWritten = (issue: NewsletterContent): IssueProblem[] =>
  languages.flatMap((lang) =>
    Boolean(issue.subject[lang]) !== Boolean(issue.body[lang])
      ? [{ field: issue.subject[lang] ? `body.${lang}` : `subject.${lang}`, message: "newsletter.problem.half" as const, values: { lang } }]
      : [],
  );

/** What keeps an issue from being sent: no language written, one written half, and what each language it is written in lacks. */
export function sendingProblems(issue: NewsletterContent): IssueProblem[] {
  const written = writtenLanguages(issue);
  if (written.length === 0 && halfWritten(issue).length === 0) return [{ field: "texts", message: "newsletter.problem.noLanguage" }];
  return [...halfWritten(issue), ...linkProblems(issue), ...written.flatMap((lang) => languageProblems(issue, lang))];
}

/** What keeps a test in `lang` from being sent: the version it sends (`lang`'s, else the one its subscribers read, else the first written) must be whole. */
export function testProblems(issue: NewsletterContent, lang: Language): IssueProblem[] {
  const reading = readingLanguage(issue, lang) ?? writtenLanguages(issue)[0];
  if (!reading)
    return [...halfWritten(issue), ...(halfWritten(issue).length === 0 ? [{ field: "texts", message: "newsletter.problem.noLanguage" as const }] : [])];
  return [...linkProblems(issue), ...languageProblems(issue, reading)];
}

/** An empty issue: a new draft. */
export const emptyIssue = (): NewsletterContent => ({ subject: {}, body: {}, picture: null, wines: [], tours: [], links: [] });
