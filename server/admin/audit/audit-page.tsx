import type { AuditEntry } from "../../db/audit";
import { isInboxType } from "../../forms";
import { formatTime, typeName, type ViewContext } from "../shared/view-context";
import { actorName, describeAction, targetText } from "../shared/actions";
import { submissionHref } from "../shared/links";
import { Layout } from "../shared/layout";

function Target({ view, entry }: { view: ViewContext; entry: AuditEntry }) {
  if (!entry.target_type || !entry.target_id) return null;
  if (isInboxType(entry.target_type)) {
    return <a href={submissionHref(entry.target_type, entry.target_id)}>{`${typeName(view, entry.target_type)} ${entry.target_id.slice(0, 8)}`}</a>;
  }
  return <>{targetText(view, entry.target_type, entry.target_id)}</>;
}

/** `/admin/audit`: every action of the staff, newest first. */
export function AuditPage({ view, entries, page, pages }: { view: ViewContext; entries: readonly AuditEntry[]; page: number; pages: number }) {
  return (
    <Layout view={view} title={view.t("audit.title")}>
      {entries.length === 0 ? (
        <p>{view.t("audit.empty")}</p>
      ) : (
        <table className="inbox-table">
          <thead>
            <tr>
              <th scope="col">{view.t("audit.column.when")}</th>
              <th scope="col">{view.t("audit.column.who")}</th>
              <th scope="col">{view.t("audit.column.action")}</th>
              <th scope="col">{view.t("audit.column.target")}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatTime(view, entry.at)}</td>
                <td>{actorName(view, entry.actor)}</td>
                <td>{describeAction(view, entry)}</td>
                <td>
                  <Target view={view} entry={entry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 ? (
        <nav className="paging" aria-label={view.t("inbox.paging")}>
          {page > 1 ? <a href={`/admin/audit?page=${page - 1}`}>{view.t("inbox.newer")}</a> : null}
          <span>{view.t("inbox.page", { page, pages })}</span>
          {page < pages ? <a href={`/admin/audit?page=${page + 1}`}>{view.t("inbox.older")}</a> : null}
        </nav>
      ) : null}
    </Layout>
  );
}
