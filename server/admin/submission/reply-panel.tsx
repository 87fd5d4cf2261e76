import type { ReplyTemplate } from "#content";
import type { InboxRow } from "../../db/inbox";
import { languageLabel, type ViewContext } from "../shared/view-context";
import { FieldProblem, invalid } from "../shared/field-problem";
import { CsrfField } from "../shared/layout";

export interface ReplyPanelProps {
  view: ViewContext;
  entry: InboxRow;
  templates: readonly ReplyTemplate[];
  /** The chosen template's id. */
  template: string;
  /** The subject and text shown: the template filled in, or what the staff typed when it was refused. */
  subject: string;
  body: string;
  /** The template in the staff member's language, when the visitor's is another: what the reply says. */
  meaning: { subject: string; body: string } | null;
  /** The form's one-time key: sending the same form twice sends one e-mail. */
  replyKey: string;
  /** The subject's and the text's problems when the reply was refused. */
  problems?: Partial<Record<"subject" | "body", string>>;
}

/**
 * The reply to the visitor: a template in the visitor's language, to complete and change, sent
 * through the outbox from the estate's address. Choosing another template is a plain GET form
 * (the page has no script), so it starts again from that template.
 */
export function ReplyPanel({ view, entry, templates, template, subject, body, meaning, replyKey, problems = {} }: ReplyPanelProps) {
  const base = `/admin/submissions/${encodeURIComponent(entry.type)}/${encodeURIComponent(entry.submission_id)}`;
  const language = languageLabel(view, entry.language);
  return (
    <section aria-labelledby="reply-title" className="panel">
      <h2 id="reply-title">{view.t("reply.title")}</h2>
      <p>{view.t("reply.note", { language })}</p>
      <form method="get" action={base} className="inline-form">
        <label>
          {view.t("reply.template")}
          <select name="template" defaultValue={template}>
            {templates.map((item) => (
              <option key={item.id} value={item.id}>
                {item.label[view.lang]}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">{view.t("reply.useTemplate")}</button>
      </form>
      <div className={meaning ? "reply-columns" : undefined}>
        {meaning ? (
          <section className="reply-meaning" aria-labelledby="reply-meaning-title" lang={view.lang}>
            <h3 id="reply-meaning-title">{view.t("reply.meaningTitle", { language: languageLabel(view, view.lang) })}</h3>
            <p className="help">{view.t("reply.meaningNote", { language })}</p>
            <p>
              <strong>{meaning.subject}</strong>
            </p>
            <p className="reply-text">{meaning.body}</p>
          </section>
        ) : null}
        <form method="post" action={`${base}/reply`} className="answer reply-form">
          <CsrfField view={view} />
          <input type="hidden" name="key" value={replyKey} />
          <input type="hidden" name="template" value={template} />
          <p>{view.t("reply.to", { recipient: entry.email })}</p>
          <label>
            {view.t("reply.subject")}
            <input type="text" name="subject" required maxLength={200} defaultValue={subject} lang={entry.language} {...invalid("subject", problems)} />
            <FieldProblem name="subject" problems={problems} />
          </label>
          <label>
            {view.t("reply.body")}
            <textarea name="body" required maxLength={8000} rows={14} defaultValue={body} lang={entry.language} {...invalid("body", problems)} />
            <FieldProblem name="body" problems={problems} />
          </label>
          <button type="submit">{view.t("reply.send")}</button>
        </form>
      </div>
    </section>
  );
}
