import { languages } from "#core/languages";
import type { AdminMessageId } from "#locales/admin";
import type { ScheduledMoment } from "../../db/content-schedule";
import { hasPictureField, type Draft, type FieldNode } from "./form-model";
import { fieldLabel } from "./labels";
import type { Revision } from "./repository";
import type { ContentType } from "./types";
import type { FieldProblem } from "./validate";
import { formatTime, languageLabel, type ViewContext } from "../shared/view-context";
import { Field, type FormState } from "./content-form";
import { TranslationState, typeLabel, type ListedItem, type Publication } from "./content-list-page";
import { CsrfField, Layout, Notice } from "../shared/layout";

/** An earlier version put into the form: which one, and what it changes against the current one, in words. */
export interface RestoredVersion {
  revision: Revision;
  changes: string[];
}

export interface ContentItemPageProps {
  view: ViewContext;
  type: ContentType;
  /** null for a new item. */
  id: string | null;
  /** Its title in the staff member's language (null: a new item). */
  title: string | null;
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
  restored: RestoredVersion | null;
  /** Whether the live preview beside the form can render (the type has a page, the served build a renderer). */
  livePreview: boolean;
  /** The publishes still to come for this item's schedule. */
  schedule: readonly ScheduledMoment[];
  /** The size of each picture's original, for the focus picker. */
  pictureSizes?: ReadonlyMap<string, { width: number; height: number }>;
  /** The width the focus picker draws at. */
  pickerWidth?: number;
  /** The options a choice takes from the content (the shop's wines). */
  choices?: FormState["choices"];
  /** Whether the saved draft is online (null: a new item, not saved yet). */
  publication: Publication | null;
  /** The item as saved, in the form's shape (null: a new item): a photo's framing not saved yet says so. */
  saved: Draft | null;
}

const publicationLines: Record<Publication, AdminMessageId> = {
  live: "content.publication.liveExplain",
  draft: "content.publication.draftExplain",
  new: "content.publication.newExplain",
};

/** Whether what is saved is online, and the way to publish this item when it is not. */
function PublicationState({ view, type, id, publication }: { view: ViewContext; type: ContentType; id: string; publication: Publication }) {
  return (
    <p className={`publication-state publication-${publication}`}>
      {view.t(publicationLines[publication])}
      {publication === "live" ? null : (
        <>
          {" "}
          <a href={`/admin/content/publish?item=${encodeURIComponent(`${type.id}/${id}`)}#publish-form`}>{view.t("content.publication.publishThis")}</a>
        </>
      )}
    </p>
  );
}

/** A problem's field, for the summary: "Title — Japanese", "Ratings 2 — Critic". */
function where(view: ViewContext, path: string): string {
  if (path === "") return view.t("content.wholeItem");
  return path
    .split(".")
    .map((segment) =>
      /^\d+$/.test(segment)
        ? String(Number(segment) + 1)
        : (languages as readonly string[]).includes(segment)
          ? languageLabel(view, segment)
          : fieldLabel(view, segment),
    )
    .join(" — ");
}

/** The live preview beside the form: the site's page that shows the item, rendered from the form as it is (assets/editor.js follows the typing). */
function LivePreviewPanel({ view, type, id }: { view: ViewContext; type: ContentType; id: string | null }) {
  // A new item's card has no id to scroll to until it is saved.
  const page = id === null ? undefined : type.page?.(id);
  const action = `/admin/content/${type.id}/${id ?? "new"}/live${page?.anchor ? `#${page.anchor}` : ""}`;
  return (
    <aside className="live-preview" aria-labelledby="live-preview-title" data-live-action={action}>
      <h2 id="live-preview-title">{view.t("content.live.title")}</h2>
      <p className="help">{view.t("content.live.explain")}</p>
      <div className="live-controls">
        <label>
          <span>{view.t("content.live.language")}</span>
          <select name="_previewLang" form="content-form" defaultValue={view.lang}>
            {languages.map((lang) => (
              <option key={lang} value={lang}>
                {languageLabel(view, lang)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" form="content-form" formAction={action} formTarget="live-preview" formNoValidate className="secondary" data-live-button="">
          {view.t("content.live.show")}
        </button>
      </div>
      <iframe name="live-preview" title={view.t("content.live.frame")} className="live-frame" />
    </aside>
  );
}

/** The item's scheduled publishes, in words. */
function ScheduleNotice({ view, schedule }: { view: ViewContext; schedule: readonly ScheduledMoment[] }) {
  if (schedule.length === 0) return null;
  return (
    <ul className="schedule-state" aria-label={view.t("content.schedule.title")}>
      {schedule.map((moment) => (
        <li key={`${moment.action}-${moment.runAt}`} className="schedule-waiting">
          {view.t(moment.action === "publish" ? "content.schedule.goesOnline" : "content.schedule.goesOffline", { when: formatTime(view, moment.runAt) })}
        </li>
      ))}
    </ul>
  );
}

/** The form of any item of any type: new or existing, with its problems, a conflict or a restored version, and its live preview. */
export function ContentItemPage(props: ContentItemPageProps) {
  const { view, type, id, node, draft, version, problems, general, review, states, notice, conflict, restored } = props;
  const byPath = new Map<string, string[]>();
  for (const problem of problems) byPath.set(problem.path, [...(byPath.get(problem.path) ?? []), problem.message]);
  const action = id === null ? `/admin/content/${type.id}/new` : `/admin/content/${type.id}/${id}`;
  // A single file (the tours, the villa) is its type: titled by it alone, never « Visites œnologiques : tours » (FN11).
  const title =
    id === null
      ? view.t("content.newTitle", { type: typeLabel(view, type) })
      : type.where.kind === "single"
        ? typeLabel(view, type)
        : view.t("content.editTitle", { type: typeLabel(view, type), title: props.title ?? id });
  const live = props.livePreview && type.page !== undefined;
  return (
    <Layout view={view} title={title} script="/admin/assets/editor.js" wide={live}>
      <p className="item-links">
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
        {live ? (
          <span className="to-preview">
            {" · "}
            <a href="#live-preview-title">{view.t("content.live.jump")}</a>
          </span>
        ) : null}
      </p>
      {notice ? <Notice tone="done">{notice}</Notice> : null}
      {id !== null && props.publication ? <PublicationState view={view} type={type} id={id} publication={props.publication} /> : null}
      {conflict ? <Notice tone="problem">{view.t("content.conflict", { who: conflict.author, when: formatTime(view, conflict.at) })}</Notice> : null}
      {restored ? (
        <section className="notice notice-restored" role="status" aria-labelledby="restored-title">
          <h2 id="restored-title">{view.t("content.restore.title", { when: formatTime(view, restored.revision.at), who: restored.revision.author })}</h2>
          <p>{view.t("content.restore.explain")}</p>
          {restored.changes.length > 0 ? (
            <ul className="changes">
              {restored.changes.map((change) => (
                <li key={change}>{change}</li>
              ))}
            </ul>
          ) : (
            <p>{view.t("content.restore.same")}</p>
          )}
        </section>
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
      <ScheduleNotice view={view} schedule={props.schedule} />
      <div className={live ? "editor-layout" : undefined}>
        {/* A form with a picture posts its file as multipart/form-data; the others stay URL-encoded. */}
        <form
          method="post"
          action={action}
          id="content-form"
          className="content-form"
          noValidate
          {...(hasPictureField(node) ? { encType: "multipart/form-data" } : {})}
        >
          <CsrfField view={view} />
          <input type="hidden" name="_version" value={version ?? ""} />
          {restored ? <input type="hidden" name="_restoredFrom" value={restored.revision.commit} /> : null}
          {/* The first submit button is the one Enter presses: saving, never a list's buttons. */}
          <p className="save-bar">
            <button type="submit" name="_op" value="save">
              {view.t(restored ? "content.restore.save" : "content.save")}
            </button>
            <span className="help">{view.t("content.saveExplain")}</span>
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
          <TranslationState view={view} item={states} live />
          <Field
            node={node}
            draft={draft}
            path={[]}
            state={{
              view,
              problems: byPath,
              review,
              pictureSizes: props.pictureSizes ?? new Map(),
              pickerWidth: props.pickerWidth ?? 320,
              ...(props.choices ? { choices: props.choices } : {}),
              node,
              saved: props.saved,
            }}
          />
          <p>
            <button type="submit" name="_op" value="save">
              {view.t(restored ? "content.restore.save" : "content.save")}
            </button>
          </p>
        </form>
        {live ? <LivePreviewPanel view={view} type={type} id={id} /> : null}
      </div>
    </Layout>
  );
}

/** `/admin/content/<type>/<id>/delete`: what will go, and a confirmation. */
export function ContentDeletePage({
  view,
  type,
  id,
  title,
  version,
  problem,
}: {
  view: ViewContext;
  type: ContentType;
  id: string;
  title: string;
  version: string;
  problem: string | null;
}) {
  return (
    <Layout view={view} title={view.t("content.delete.title", { type: typeLabel(view, type), title })}>
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

/** A version as the history lists it: who and when, what that save changed in words. */
export interface HistoryEntry {
  revision: Revision;
  /** The first version: the item was created then. */
  created: boolean;
  changes: string[];
  /** The newest version saved (the draft). */
  current: boolean;
  /** The version the live site has. */
  live: boolean;
}

/** `/admin/content/<type>/<id>/history`: every saved version, newest first, what each changed, and a button to put an earlier one back into the form. */
export function ContentHistoryPage({
  view,
  type,
  id,
  title,
  entries,
  notice,
}: {
  view: ViewContext;
  type: ContentType;
  id: string;
  title: string;
  entries: HistoryEntry[];
  notice: string | null;
}) {
  return (
    <Layout view={view} title={view.t("content.history.title", { title })}>
      <p>
        <a href={`/admin/content/${type.id}/${id}`}>{view.t("content.history.back")}</a>
      </p>
      {notice ? <Notice tone="done">{notice}</Notice> : null}
      <p>{view.t("content.history.explain")}</p>
      {entries.length === 0 ? <p>{view.t("content.history.none")}</p> : null}
      <ol className="revisions">
        {entries.map((entry) => (
          <li key={entry.revision.commit} className="revision panel">
            <h2>
              {formatTime(view, entry.revision.at)} — {entry.revision.author}
            </h2>
            {entry.created ? (
              <p>{view.t("content.history.created")}</p>
            ) : entry.changes.length > 0 ? (
              <ul className="changes">
                {entry.changes.map((change) => (
                  <li key={change}>{change}</li>
                ))}
              </ul>
            ) : (
              <p className="help">{view.t("content.history.nothing")}</p>
            )}
            {entry.live ? <p className="history-live">{view.t("content.history.live")}</p> : null}
            {entry.current ? (
              <p className="help">{view.t("content.history.current")}</p>
            ) : (
              <form method="post" action={`/admin/content/${type.id}/${id}/restore`} className="inline-form">
                <CsrfField view={view} />
                <input type="hidden" name="commit" value={entry.revision.commit} />
                <button type="submit" className="secondary">
                  {view.t("content.history.restore")}
                </button>
              </form>
            )}
          </li>
        ))}
      </ol>
    </Layout>
  );
}
