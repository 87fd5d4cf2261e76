import type { InboxRow } from "../../db/inbox";
import type { ViewContext } from "../shared/view-context";
import { FieldProblem, invalid } from "../shared/field-problem";
import { CsrfField } from "../shared/layout";

/** The longest internal note (the form's maxlength and the route say the same). */
export const noteMax = 4000;

/** An internal note for colleagues: kept in the submission's history, never sent to anyone. A refused note is shown as typed, its problem at the field. */
export function NotesPanel({ view, entry, typed, problem }: { view: ViewContext; entry: InboxRow; typed: string; problem?: string | undefined }) {
  const problems = problem ? { note: problem } : {};
  const base = `/admin/submissions/${encodeURIComponent(entry.type)}/${encodeURIComponent(entry.submission_id)}`;
  return (
    <section aria-labelledby="notes-title" className="panel">
      <h2 id="notes-title">{view.t("notes.title")}</h2>
      <p>{view.t("notes.note")}</p>
      <form method="post" action={`${base}/note`} className="answer reply-form">
        <CsrfField view={view} />
        <label>
          {view.t("notes.label")}
          <textarea name="note" required maxLength={noteMax} rows={4} defaultValue={typed} {...invalid("note", problems)} />
          <FieldProblem name="note" problems={problems} />
        </label>
        <button type="submit">{view.t("notes.submit")}</button>
      </form>
    </section>
  );
}
