import { textIn } from "#content/text";
import { languages, type Language } from "#core/languages";
import { wineTitle } from "#presentation/wine-format";
import type { IssueCounts, NewsletterContent, NewsletterIssue } from "../../db/newsletter";
import { readingLanguage, writtenLanguages } from "../../mail/newsletter";
import { pictureLimits, uploadPattern } from "../../pictures";
import { linkSlots, type IssueCatalogue, type IssueProblem } from "./issue";
import { FocusPicker, framingOf } from "../shared/focus-picker";
import { formatTime, languageLabel, type ViewContext } from "../shared/view-context";
import { CsrfField, Layout, Notice } from "../shared/layout";

/** A language's name as a label: « Français ». */
const languageName = (view: ViewContext, lang: string) => {
  const name = languageLabel(view, lang);
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/** An issue's name: its subject in the staff member's language, else in English, else in the first language it has one, else said to be missing. */
const issueName = (view: ViewContext, issue: NewsletterIssue) =>
  issue.content.subject[view.lang] ??
  issue.content.subject.en ??
  languages.map((lang) => issue.content.subject[lang]).find(Boolean) ??
  view.t("newsletter.untitled");

/** The confirmed subscribers, by language, in words. */
function Subscribers({ view, subscribers }: { view: ViewContext; subscribers: Record<string, number> }) {
  const total = Object.values(subscribers).reduce((sum, count) => sum + count, 0);
  const parts = languages.filter((lang) => subscribers[lang]).map((lang) => `${languageLabel(view, lang)} ${subscribers[lang]}`);
  return <p>{total === 0 ? view.t("newsletter.subscribers.none") : view.t("newsletter.subscribers.some", { count: total, languages: parts.join(", ") })}</p>;
}

/** Where an issue stands, in words. */
function IssueState({ view, issue, counts }: { view: ViewContext; issue: NewsletterIssue; counts: IssueCounts }) {
  if (issue.status === "draft") return <p className="help">{view.t("newsletter.state.draft", { when: formatTime(view, issue.updatedAt) })}</p>;
  return (
    <>
      <p className={issue.status === "sending" ? "issue-sending" : "issue-sent"}>
        {issue.status === "sending"
          ? view.t("newsletter.state.sending", { queued: counts.queued, recipients: issue.recipients ?? 0 })
          : view.t("newsletter.state.sent", { when: formatTime(view, issue.sendFinishedAt ?? issue.updatedAt), recipients: counts.queued })}
      </p>
      <ul className="issue-counts">
        <li>{view.t("newsletter.counts.sent", { count: counts.sent })}</li>
        {counts.waiting > 0 ? <li>{view.t("newsletter.counts.waiting", { count: counts.waiting })}</li> : null}
        <li className={counts.failed > 0 ? "count-problem" : undefined}>{view.t("newsletter.counts.failed", { count: counts.failed })}</li>
        <li>{view.t("newsletter.counts.unsubscribed", { count: counts.unsubscribedAfter })}</li>
      </ul>
    </>
  );
}

/** `/admin/newsletter`: the subscribers, a new issue, and every issue with where it stands. */
export function NewsletterListPage({
  view,
  issues,
  subscribers,
  mailConfigured,
}: {
  view: ViewContext;
  issues: { issue: NewsletterIssue; counts: IssueCounts }[];
  subscribers: Record<string, number>;
  mailConfigured: boolean;
}) {
  return (
    <Layout view={view} title={view.t("newsletter.title")} {...(issues.some(({ issue }) => issue.status === "sending") ? { refreshSeconds: 5 } : {})}>
      <p>{view.t("newsletter.intro")}</p>
      <Subscribers view={view} subscribers={subscribers} />
      {mailConfigured ? null : <Notice tone="problem">{view.t("newsletter.noMail")}</Notice>}
      <form method="post" action="/admin/newsletter" className="inline-form">
        <CsrfField view={view} />
        <button type="submit">{view.t("newsletter.create")}</button>
      </form>
      {issues.length === 0 ? <p>{view.t("newsletter.none")}</p> : null}
      <ol className="newsletter-issues">
        {issues.map(({ issue, counts }) => (
          <li key={issue.id} className="panel">
            <h2>
              <a href={`/admin/newsletter/${issue.id}`}>{issueName(view, issue)}</a>
            </h2>
            <IssueState view={view} issue={issue} counts={counts} />
          </li>
        ))}
      </ol>
    </Layout>
  );
}

/** A field's name in a problem: « Objet (français) », « Photo », « Bouton 2 — Texte du bouton (anglais) ». */
function fieldName(view: ViewContext, field: string): string {
  const link = /^link\.(\d)\.(url|label)(?:\.(\w+))?$/.exec(field);
  if (link) {
    const part = view.t(link[2] === "url" ? "newsletter.field.linkUrl" : "newsletter.field.linkLabel");
    const named = `${view.t("newsletter.field.link", { number: Number(link[1]) + 1 })} — ${part}`;
    return link[3] ? `${named} (${languageLabel(view, link[3])})` : named;
  }
  if (field === "texts") return view.t("newsletter.field.texts");
  const [kind = "", lang] = field.split(".");
  const label =
    kind === "subject"
      ? view.t("newsletter.field.subject")
      : kind === "body"
        ? view.t("newsletter.field.body")
        : kind === "alt"
          ? view.t("newsletter.field.alt")
          : view.t("newsletter.field.picture");
  return lang ? `${label} (${languageLabel(view, lang)})` : label;
}

/** A problem in the staff member's words. */
const problemText = (view: ViewContext, problem: IssueProblem) =>
  view.t(problem.message, { ...problem.values, ...(problem.values?.lang ? { language: languageLabel(view, String(problem.values.lang)) } : {}) });

function ProblemAt({ view, problems, field }: { view: ViewContext; problems: readonly IssueProblem[]; field: string }) {
  const here = problems.filter((problem) => problem.field === field);
  if (here.length === 0) return null;
  return (
    <span className="field-problem" id={`problem-${field}`}>
      {here.map((problem) => problemText(view, problem)).join(" ")}
    </span>
  );
}

const invalid = (problems: readonly IssueProblem[], field: string) =>
  problems.some((problem) => problem.field === field) ? { "aria-invalid": true, "aria-describedby": `problem-${field}` } : {};

/** The e-mail a subscriber of a language gets, as the issue page shows it (./routes/newsletter.ts `mailPreview`). */
interface MailPreviewShown {
  lang: Language;
  /** The language it is written in: English where the issue has no version in `lang`, else the first it is written in. */
  reading: Language;
  /** Whether the subscribers of `lang` get it (in `reading`). */
  sent: boolean;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** Where the HTML part is served for the frame. */
  frame: string;
}

/** The e-mail as a subscriber of a language reads it: who it is from, its subject, the e-mail itself, and its text part. */
function MailPreview({ view, preview, from }: { view: ViewContext; preview: MailPreviewShown; from: string }) {
  return (
    <section id="preview" className="panel mail-preview" aria-labelledby="preview-title">
      <h2 id="preview-title">{view.t("newsletter.preview.title", { language: languageLabel(view, preview.lang) })}</h2>
      {preview.reading !== preview.lang ? (
        <p className="help">
          {preview.sent
            ? view.t("newsletter.preview.fallback", { language: languageLabel(view, preview.lang) })
            : view.t("newsletter.preview.notSent", { language: languageLabel(view, preview.lang), reading: languageLabel(view, preview.reading) })}
        </p>
      ) : null}
      <dl className="mail-headers">
        <div>
          <dt>{view.t("newsletter.preview.from")}</dt>
          <dd>{from}</dd>
        </div>
        <div>
          <dt>{view.t("newsletter.preview.subject")}</dt>
          <dd lang={preview.reading}>{preview.subject}</dd>
        </div>
      </dl>
      {/* The e-mail's own HTML, without scripts; its links open outside the staff area. */}
      <iframe className="mail-frame" src={preview.frame} title={view.t("newsletter.preview.frame")} sandbox="allow-popups allow-popups-to-escape-sandbox" />
      <details className="mail-text-part">
        <summary>{view.t("newsletter.preview.textPart")}</summary>
        <p className="help">{view.t("newsletter.preview.textExplain")}</p>
        <pre lang={preview.reading}>{preview.text}</pre>
      </details>
    </section>
  );
}

export interface NewsletterIssuePageProps {
  view: ViewContext;
  /** The issue, with the form's content (as saved, or as typed when the form comes back). */
  issue: NewsletterIssue;
  /** The issue as saved: a photograph's framing not saved yet says so. */
  saved: NewsletterContent;
  problems: readonly IssueProblem[];
  notice: string | null;
  counts: IssueCounts;
  preview: MailPreviewShown | null;
  mailConfigured: boolean;
  /** The wines and tours an issue may link to, as the live content has them. */
  catalogue: IssueCatalogue;
  /** The live site's scenes, which a picture may be chosen from. */
  scenes: readonly string[];
  /** The size of the uploaded photograph the issue names (its focus picker), or null. */
  pictureSize: { width: number; height: number } | null;
  pickerWidth: number;
}

/** A language's state in the form: written; not written, read in English; not written, not sent. */
function languageState(view: ViewContext, draft: NewsletterContent, lang: Language): { tone: string; text: string } {
  if (draft.subject[lang] && draft.body[lang]) return { tone: "filled", text: view.t("newsletter.language.written") };
  return readingLanguage(draft, lang) === null
    ? { tone: "optional", text: view.t("newsletter.language.none") }
    : { tone: "optional", text: view.t("newsletter.language.english") };
}

/** The picture: none, a photograph uploaded for the issue (with where it is cut), or one of the site's; an upload; its descriptions. */
function PictureFields({
  view,
  draft,
  saved,
  problems,
  scenes,
  pictureSize,
  pickerWidth,
}: Omit<NewsletterIssuePageProps, "issue" | "notice" | "counts" | "preview" | "mailConfigured" | "catalogue"> & { draft: NewsletterContent }) {
  const chosen = draft.picture?.scene ?? "";
  const uploaded = uploadPattern.test(chosen) ? chosen : null;
  const framing = framingOf(draft.picture ?? {});
  const savedFraming = saved.picture && saved.picture.scene === chosen ? framingOf(saved.picture) : null;
  const cut = new URLSearchParams({ fx: String(framing.focus.x), fy: String(framing.focus.y), zoom: String(framing.zoom) }).toString();
  return (
    <fieldset className="field picture-group" aria-describedby={problems.some((problem) => problem.field === "picture") ? "problem-picture" : undefined}>
      <legend>{view.t("newsletter.field.picture")}</legend>
      <ProblemAt view={view} problems={problems} field="picture" />
      <p className="help">{view.t("newsletter.picture.explain")}</p>
      <div className="picture-choices">
        <label className="picture-choice">
          <input type="radio" name="picture" value="" defaultChecked={!draft.picture} /> <span>{view.t("newsletter.picture.none")}</span>
        </label>
        {uploaded ? (
          <label className="picture-choice">
            <input type="radio" name="picture" value={uploaded} defaultChecked />
            <img
              src={`/admin/newsletter/pictures/${uploaded}.jpg?${cut}`}
              alt={view.t("newsletter.picture.uploaded")}
              width={160}
              height={90}
              data-crop-preview={uploaded}
            />
          </label>
        ) : null}
        {scenes.map((scene) => (
          <label key={scene} className="picture-choice">
            <input type="radio" name="picture" value={scene} defaultChecked={chosen === scene} />
            <img src={`/admin/newsletter/pictures/${scene}.jpg`} alt={scene} width={160} height={90} loading="lazy" />
          </label>
        ))}
      </div>
      <label className="picture-upload">
        <span>{view.t("newsletter.picture.upload")}</span>
        <input type="file" name="picture.upload" accept="image/jpeg,image/png,image/webp,image/avif" />
      </label>
      <span className="help">
        {view.t("newsletter.picture.uploadHelp", {
          minWidth: pictureLimits.minWidth,
          minHeight: pictureLimits.minHeight,
          maxMegabytes: pictureLimits.maxBytes / 1024 / 1024,
        })}
      </span>
      {uploaded && pictureSize ? (
        <FocusPicker
          view={view}
          name="picture"
          src={`/admin/newsletter/pictures/${uploaded}.jpg?whole=1`}
          size={pictureSize}
          framing={framing}
          saved={savedFraming}
          pickerWidth={pickerWidth}
        />
      ) : null}
      <div className="language-grid">
        {languages.map((lang) => (
          <label key={lang}>
            <span>
              {view.t("newsletter.field.alt")} — {languageName(view, lang)}
            </span>
            <input type="text" name={`alt.${lang}`} lang={lang} defaultValue={draft.picture?.alt[lang] ?? ""} {...invalid(problems, `alt.${lang}`)} />
            <ProblemAt view={view} problems={problems} field={`alt.${lang}`} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The buttons of the staff's own: those of the issue, and one more to fill in (at most `linkSlots`). */
function OwnLinks({ view, draft, problems }: { view: ViewContext; draft: NewsletterContent; problems: readonly IssueProblem[] }) {
  const slots = Math.min(linkSlots, draft.links.length + 1);
  return (
    <fieldset className="field">
      <legend>{view.t("newsletter.ownLinks")}</legend>
      <p className="help">{view.t("newsletter.ownLinksExplain")}</p>
      {Array.from({ length: slots }, (_, slot) => {
        const link = draft.links[slot];
        return (
          <fieldset key={slot} className="group own-link">
            <legend>{view.t("newsletter.field.link", { number: slot + 1 })}</legend>
            <label>
              <span>{view.t("newsletter.field.linkUrl")}</span>
              <input type="url" name={`link.${slot}.url`} defaultValue={link?.url ?? ""} inputMode="url" {...invalid(problems, `link.${slot}.url`)} />
            </label>
            <ProblemAt view={view} problems={problems} field={`link.${slot}.url`} />
            <div className="language-grid">
              {languages.map((lang) => (
                <label key={lang}>
                  <span>
                    {view.t("newsletter.field.linkLabel")} — {languageName(view, lang)}
                  </span>
                  <input
                    type="text"
                    name={`link.${slot}.label.${lang}`}
                    lang={lang}
                    defaultValue={link?.label[lang] ?? ""}
                    maxLength={120}
                    {...invalid(problems, `link.${slot}.label.${lang}`)}
                  />
                  <ProblemAt view={view} problems={problems} field={`link.${slot}.label.${lang}`} />
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
    </fieldset>
  );
}

/** `/admin/newsletter/<id>`: a draft's form, its preview and test, the way to send it; once sent, where it stands. */
export function NewsletterIssuePage(props: NewsletterIssuePageProps) {
  const { view, issue, problems, notice, counts, preview, mailConfigured, catalogue } = props;
  const draft = issue.content;
  const from = view.estateName;
  const editable = issue.status === "draft";
  return (
    <Layout
      view={view}
      title={view.t("newsletter.issueTitle", { name: issueName(view, issue) })}
      {...(issue.status === "sending" ? { refreshSeconds: 3 } : {})}
      {...(editable ? { script: "/admin/assets/editor.js" } : {})}
    >
      <p>
        <a href="/admin/newsletter">{view.t("newsletter.back")}</a>
      </p>
      {notice ? <Notice tone="done">{notice}</Notice> : null}
      {problems.length > 0 ? (
        <div className="notice notice-problem" role="alert">
          <p>{view.t("newsletter.notSaved")}</p>
          <ul>
            {problems.map((problem, index) => (
              <li key={index}>{view.t("newsletter.problemAt", { field: fieldName(view, problem.field), problem: problemText(view, problem) })}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {editable ? null : <IssueState view={view} issue={issue} counts={counts} />}
      {editable ? (
        <form
          method="post"
          action={`/admin/newsletter/${issue.id}`}
          id="newsletter-form"
          className="content-form newsletter-form"
          encType="multipart/form-data"
          noValidate
        >
          <CsrfField view={view} />
          <p className="save-bar">
            <button type="submit" name="_op" value="save">
              {view.t("newsletter.save")}
            </button>
            <span className="help">{view.t("newsletter.saveExplain")}</span>
          </p>
          <fieldset className="field">
            <legend>{view.t("newsletter.texts")}</legend>
            <p className="help">{view.t("newsletter.textsExplain")}</p>
            <div className="language-grid">
              {languages.map((lang) => (
                <details key={lang} open={lang === "en" || lang === view.lang || Boolean(draft.subject[lang] || draft.body[lang])} className="language">
                  <summary>
                    <span>{languageName(view, lang)}</span>{" "}
                    <span className={`language-status status-${languageState(view, draft, lang).tone}`}>{languageState(view, draft, lang).text}</span>
                  </summary>
                  <label>
                    <span>{view.t("newsletter.field.subject")}</span>
                    <input
                      type="text"
                      name={`subject.${lang}`}
                      lang={lang}
                      defaultValue={draft.subject[lang] ?? ""}
                      maxLength={200}
                      {...invalid(problems, `subject.${lang}`)}
                    />
                  </label>
                  <ProblemAt view={view} problems={problems} field={`subject.${lang}`} />
                  <label>
                    <span>{view.t("newsletter.field.body")}</span>
                    <textarea name={`body.${lang}`} lang={lang} rows={8} defaultValue={draft.body[lang] ?? ""} {...invalid(problems, `body.${lang}`)} />
                  </label>
                  <ProblemAt view={view} problems={problems} field={`body.${lang}`} />
                </details>
              ))}
            </div>
          </fieldset>
          <PictureFields {...props} draft={draft} />
          <fieldset className="field">
            <legend>{view.t("newsletter.links")}</legend>
            <p className="help">{view.t("newsletter.linksExplain")}</p>
            <h3>{view.t("newsletter.wines")}</h3>
            {catalogue.wines.map((wine) => (
              <label key={wine.id} className="checkbox">
                <input type="checkbox" name={`wine.${wine.id}`} defaultChecked={draft.wines.includes(wine.id)} /> {wineTitle(wine)}
              </label>
            ))}
            <h3>{view.t("newsletter.tours")}</h3>
            {catalogue.tours.packages.map((tour) => (
              <label key={tour.id} className="checkbox">
                <input type="checkbox" name={`tour.${tour.id}`} defaultChecked={draft.tours.includes(tour.id)} /> {textIn(tour.title, view.lang)}
              </label>
            ))}
          </fieldset>
          <OwnLinks view={view} draft={draft} problems={problems} />
          <fieldset className="field newsletter-actions">
            <legend>{view.t("newsletter.check")}</legend>
            <label>
              <span>{view.t("newsletter.previewLanguage")}</span>
              <select name="_previewLang" defaultValue={preview?.lang ?? view.lang}>
                {languages.map((lang) => (
                  <option key={lang} value={lang}>
                    {languageLabel(view, lang)}
                  </option>
                ))}
              </select>
            </label>
            <div className="publish-actions">
              <button type="submit" name="_op" value="preview" className="secondary">
                {view.t("newsletter.preview.button")}
              </button>
              <button type="submit" name="_op" value="test" className="secondary" disabled={!mailConfigured}>
                {view.t("newsletter.test", { email: view.staffEmail ?? "" })}
              </button>
              <button type="submit" name="_op" value="review">
                {view.t("newsletter.send")}
              </button>
            </div>
          </fieldset>
        </form>
      ) : null}
      {preview ? <MailPreview view={view} preview={preview} from={from} /> : null}
      {!editable ? (
        <section className="panel">
          <h2>{view.t("newsletter.languages")}</h2>
          <p>
            {writtenLanguages(draft)
              .map((lang) => languageLabel(view, lang))
              .join(", ")}
          </p>
          <p>
            <a href={`/admin/newsletter/${issue.id}?preview=${view.lang}#preview`}>{view.t("newsletter.preview.button")}</a>
          </p>
        </section>
      ) : null}
    </Layout>
  );
}

/** `/admin/newsletter/<id>/send`: who will get it, in which language, at what pace, and the confirmation. */
export function NewsletterSendPage({
  view,
  issue,
  subscribers,
  problems,
  mailConfigured,
  refused,
  ratePerMinute,
}: {
  view: ViewContext;
  issue: NewsletterIssue;
  subscribers: Record<string, number>;
  problems: readonly IssueProblem[];
  mailConfigured: boolean;
  refused: boolean;
  ratePerMinute: number;
}) {
  const written = new Set(writtenLanguages(issue.content));
  // Those who read a language it is written in (English for the others, when it has English).
  const total = languages.reduce((sum, lang) => sum + (readingLanguage(issue.content, lang) === null ? 0 : (subscribers[lang] ?? 0)), 0);
  const minutes = Math.max(1, Math.ceil(total / ratePerMinute));
  const ready = problems.length === 0 && mailConfigured && total > 0;
  return (
    <Layout view={view} title={view.t("newsletter.sendTitle", { name: issueName(view, issue) })}>
      <p>
        <a href={`/admin/newsletter/${issue.id}`}>{view.t("newsletter.backToIssue")}</a>
      </p>
      {refused && ready ? <Notice tone="problem">{view.t("error.confirm")}</Notice> : null}
      {mailConfigured ? null : <Notice tone="problem">{view.t("newsletter.noMail")}</Notice>}
      {problems.length > 0 ? (
        <Notice tone="problem">
          {problems.map((problem) => view.t("newsletter.problemAt", { field: fieldName(view, problem.field), problem: problemText(view, problem) })).join(" ")}
        </Notice>
      ) : null}
      <p>{view.t("newsletter.sendWho", { count: total })}</p>
      <ul className="send-languages">
        {languages
          .filter((lang) => subscribers[lang])
          .map((lang) => (
            <li key={lang} className={readingLanguage(issue.content, lang) === null ? "send-none" : undefined}>
              {view.t(
                written.has(lang)
                  ? "newsletter.sendLanguage"
                  : readingLanguage(issue.content, lang) === null
                    ? "newsletter.sendNone"
                    : "newsletter.sendEnglish",
                {
                  language: languageName(view, lang),
                  count: subscribers[lang] ?? 0,
                },
              )}
            </li>
          ))}
      </ul>
      <p>{view.t("newsletter.sendPace", { rate: ratePerMinute, minutes })}</p>
      <p>{view.t("newsletter.sendUnsubscribe")}</p>
      {ready ? (
        <form method="post" action={`/admin/newsletter/${issue.id}/send`} className="inline-form danger">
          <CsrfField view={view} />
          <label className="checkbox">
            <input type="checkbox" name="confirm" value="yes" required /> {view.t("newsletter.sendConfirm", { count: total })}
          </label>
          <button type="submit">{view.t("newsletter.sendNow")}</button>
        </form>
      ) : null}
    </Layout>
  );
}
