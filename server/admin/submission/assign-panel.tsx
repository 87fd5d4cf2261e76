import type { InboxRow } from "../../db/inbox";
import type { ViewContext } from "../shared/view-context";
import { FieldProblem, invalid } from "../shared/field-problem";
import { CsrfField } from "../shared/layout";

/** A colleague a submission can be given to: an account whose role opens the inbox. */
export interface Colleague {
  id: number;
  email: string;
  /** The language they chose in the staff area, their e-mails' (null until chosen). */
  language: "en" | "fr" | null;
}

/** Who deals with the submission: a colleague (told by e-mail) or nobody; a refused choice is named at the field. */
export function AssignPanel({
  view,
  entry,
  colleagues,
  problem,
}: {
  view: ViewContext;
  entry: InboxRow;
  colleagues: readonly Colleague[];
  problem?: string | undefined;
}) {
  const problems = problem ? { staff: problem } : {};
  const base = `/admin/submissions/${encodeURIComponent(entry.type)}/${encodeURIComponent(entry.submission_id)}`;
  return (
    <section aria-labelledby="assign-title" className="panel">
      <h2 id="assign-title">{view.t("assign.title")}</h2>
      <p>{view.t("assign.note")}</p>
      <form method="post" action={`${base}/assign`} className="inline-form assign-form">
        <CsrfField view={view} />
        <label>
          {view.t("assign.label")}
          <select name="staff" defaultValue={entry.assigned_to === null ? "" : String(entry.assigned_to)} {...invalid("staff", problems)}>
            <option value="">{view.t("assign.nobody")}</option>
            {colleagues.map((colleague) => (
              <option key={colleague.id} value={String(colleague.id)}>
                {colleague.email === view.staffEmail ? view.t("assign.me", { email: colleague.email }) : colleague.email}
              </option>
            ))}
          </select>
          <FieldProblem name="staff" problems={problems} />
        </label>
        <button type="submit">{view.t("assign.submit")}</button>
      </form>
    </section>
  );
}
