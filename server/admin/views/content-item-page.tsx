import { hasPictureField, type Draft, type FieldNode } from "../content/form-model";
import type { Revision } from "../content/repository";
import type { ContentType } from "../content/types";
import type { FieldProblem } from "../content/validate";
import { formatTime, type ViewContext } from "../view-context";
import { Field, fieldLabel } from "./content-form";
import { LanguageStates, typeLabel, type ListedItem } from "./content-list-page";
import { CsrfField, Layout, Notice } from "./layout";

export interface ContentItemPageProps {
  view: ViewContext;
  type: ContentType;
  /** null for a new item. */
  id: string | null;
  /** The id typed for a new item. */
  newId: string;
  node: FieldNode;
  draft: Draft;
  /** The version the form was opened on (null: a new item). */
  version: string | null;
  problems: readonly FieldProblem[];
  /** Problems of the whole folder, or of the id. */
  general: readonly string[];
  review: ReadonlySet<string>;
  states: Pick<ListedItem, "total" | "filled" | "review">;
  notice: string | null;
  /** Someone saved the item after this form was opened. */
  conflict: Revision | null;
}

/** A problem's field, for the summary: "Title — fr", "Ratings 2 — Critic". */
function where(view: ViewContext, path: string): string {
  if (path === "") return view.t("content.wholeItem");
  return path
    .split(".")
    .map((segment) => (/^\d+$/.test(segment) ? String(Number(segment) + 1) : segment.length === 2 ? segment.toUpperCase() : fieldLabel(view, segment)))
    .join(" — ");
}

/** The form of any item of any type: new or existing, with its problems and a conflict if there is one. */
export function ContentItemPage(props: ContentItemPageProps) {
  const { view, type, id, node, draft, version, problems, general, review, states, notice, conflict } = props;
  const byPath = new Map<string, string[]>();
  for (const problem of problems) byPath.set(problem.path, [...(byPath.get(problem.path) ?? []), problem.message]);
  const action = id === null ? `/admin/content/${type.id}/new` : `/admin/content/${type.id}/${id}`;
  const title = id === null ? view.t("content.newTitle", { type: typeLabel(view, type) }) : view.t("content.editTitle", { type: typeLabel(view, type), id });
  return (
    <Layout view={view} title={title}>
      <p>
        <a href="/admin/content">{view.t("content.back")}</a>
        {id !== null ? (
          <>
            {" · "}
            <a href={`/admin/content/${type.id}/${id}/history`}>{view.t("content.history.open")}</a>
            {type.where.kind === "collection" ? (
              <>
                {" · "}
                <a href={`/admin/content/${type.id}/${id}/delete`}>{view.t("content.delete.open")}</a>
              </>
            ) : null}
          </>
        ) : null}
      </p>
      {notice ? <Notice tone="done">{notice}</Notice> : null}
      {conflict ? (
        <Notice tone="problem">{view.t("content.conflict", { who: conflict.author, when: formatTime(view, conflict.at) })}</Notice>
      ) : null}
      {problems.length > 0 || general.length > 0 ? (
        <div className="notice notice-problem" role="alert">
          <p>{view.t("content.notSaved")}</p>
          <ul>
            {problems.map((problem, index) => (
              <li key={index}>{view.t("content.problemAt", { field: where(view, problem.path), problem: problem.message })}</li>
            ))}
            {general.map((problem, index) => (
              <li key={`g${index}`}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <LanguageStates view={view} item={states} />
      {/* A form with a picture posts its file as multipart/form-data; the others stay URL-encoded. */}
      <form method="post" action={action} className="content-form" noValidate {...(hasPictureField(node) ? { encType: "multipart/form-data" } : {})}>
        <CsrfField view={view} />
        <input type="hidden" name="_version" value={version ?? ""} />
        {/* The first submit button is the one Enter presses: saving, never a list's buttons. */}
        <p>
          <button type="submit" name="_op" value="save">
            {view.t("content.save")}
          </button>
        </p>
        {id === null ? (
          <div className="field">
            <label>
              <span>
                {view.t("content.id")} <span className="help">{view.t("content.idHelp")}</span>
              </span>
              <input type="text" name="_id" defaultValue={props.newId} required pattern="[a-z0-9][a-z0-9\-]*" maxLength={80} />
            </label>
          </div>
        ) : null}
        <Field node={node} draft={draft} path={[]} state={{ view, problems: byPath, review }} />
        <p>
          <button type="submit" name="_op" value="save">
            {view.t("content.save")}
          </button>
        </p>
      </form>
    </Layout>
  );
}

/** `/admin/content/<type>/<id>/delete`: what will go, and a confirmation. */
export function ContentDeletePage({ view, type, id, version, problem }: { view: ViewContext; type: ContentType; id: string; version: string; problem: string | null }) {
  return (
    <Layout view={view} title={view.t("content.delete.title", { type: typeLabel(view, type), id })}>
      {problem ? <Notice tone="problem">{problem}</Notice> : null}
      <p>{view.t("content.delete.explain")}</p>
      <form method="post" action={`/admin/content/${type.id}/${id}/delete`} className="inline-form danger">
        <CsrfField view={view} />
        <input type="hidden" name="_version" value={version} />
        <label className="checkbox">
          <input type="checkbox" name="confirm" value="yes" required /> {view.t("content.delete.confirm")}
        </label>
        <button type="submit">{view.t("content.delete.button")}</button>
      </form>
      <p>
        <a href={`/admin/content/${type.id}/${id}`}>{view.t("content.delete.cancel")}</a>
      </p>
    </Layout>
  );
}

/** `/admin/content/<type>/<id>/history`: every saved version, newest first, each with a restore button. */
export function ContentHistoryPage({ view, type, id, revisions, version, notice }: { view: ViewContext; type: ContentType; id: string; revisions: Revision[]; version: string; notice: string | null }) {
  return (
    <Layout view={view} title={view.t("content.history.title", { type: typeLabel(view, type), id })}>
      <p>
        <a href={`/admin/content/${type.id}/${id}`}>{view.t("content.history.back")}</a>
      </p>
      {notice ? <Notice tone="done">{notice}</Notice> : null}
      {revisions.length === 0 ? <p>{view.t("content.history.none")}</p> : null}
      <ol className="revisions">
        {revisions.map((revision, index) => (
          <li key={revision.commit} className="revision">
            <p>
              <strong>{formatTime(view, revision.at)}</strong> — {revision.author}
            </p>
            <p className="help">{revision.message}</p>
            {index === 0 ? (
              <p className="help">{view.t("content.history.current")}</p>
            ) : (
              <form method="post" action={`/admin/content/${type.id}/${id}/restore`} className="inline-form">
                <CsrfField view={view} />
                <input type="hidden" name="_version" value={version} />
                <input type="hidden" name="commit" value={revision.commit} />
                <button type="submit">{view.t("content.history.restore")}</button>
              </form>
            )}
          </li>
        ))}
      </ol>
    </Layout>
  );
}
