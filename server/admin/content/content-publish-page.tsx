import { splitLanguage } from "#core/paths";
import type { AdminMessageId } from "#locales/admin";
import { describeChanges } from "./changes";
import { itemKey, itemOfKey, type PendingItem } from "./items";
import { itemTitle } from "./labels";
import { scheduleRequester, startRequester, type ChangedPage, type ContentFileChange, type PublishJob, type PublishStatus } from "./publisher";
import { contentTypes } from "./types";
import { formatTime, languageLabel, type ViewContext } from "../shared/view-context";
import { CsrfField, Layout, Notice } from "../shared/layout";
import { typeLabel } from "./content-list-page";

const statusMessages: Record<PublishStatus, AdminMessageId> = {
  queued: "content.publish.status.queued",
  building: "content.publish.status.building",
  switching: "content.publish.status.switching",
  done: "content.publish.status.done",
  failed: "content.publish.status.failed",
  interrupted: "content.publish.status.interrupted",
};

/** A preview's own words for where it stands: it never goes live by itself. */
const previewMessages: Record<PublishStatus, AdminMessageId> = {
  ...statusMessages,
  building: "content.preview.status.building",
  switching: "content.preview.status.building",
  done: "content.preview.status.done",
};

/** The build's steps (pipeline/publish-build.ts, quick-build.ts) in words. */
const stepMessages: Record<string, AdminMessageId> = {
  copy: "content.step.copy",
  pictures: "content.step.pictures",
  summaries: "content.step.summaries",
  render: "content.step.render",
  fonts: "content.step.fonts",
  pages: "content.step.pages",
  postbuild: "content.step.postbuild",
  done: "content.step.done",
};

/** Why the whole site was built rather than only its pages (pipeline/quick-build.ts `QuickRefusal`). */
const fullBuildMessages: Record<string, AdminMessageId> = {
  "no-bundle": "content.step.full.noBundle",
  code: "content.step.full.code",
  environment: "content.step.full.environment",
  fonts: "content.step.full.fonts",
  picture: "content.step.full.picture",
};

/** One progress line in words: « Pages du site mises à jour (4,2 s) », « Fiches des vins : inchangées ». */
function stepText(view: ViewContext, step: string): string | null {
  const [, name = step, detail = ""] = /^(.*?) \((.*)\)$/.exec(step) ?? [];
  if (name === "full") return view.t(fullBuildMessages[detail] ?? "content.step.full.code");
  const message = stepMessages[name];
  if (!message) return null;
  const ms = /^(\d+) ms$/.exec(detail);
  if (ms)
    return view.t("content.step.took", {
      step: view.t(message),
      seconds: new Intl.NumberFormat(view.lang, { maximumFractionDigits: 1 }).format(Number(ms[1]) / 1000),
    });
  return view.t("content.step.skipped", { step: view.t(message) });
}

/** Who asked, in words (the schedule and the server's start are no person). */
const requesters = (view: ViewContext, job: PublishJob) =>
  job.requestedBy
    .map((who) => (who === scheduleRequester ? view.t("content.publish.bySchedule") : who === startRequester ? view.t("content.publish.byStart") : who))
    .join(", ");

/** The items a job publishes, by their titles as the content names them, or the rebuild of what is published. */
function JobItems({ view, job, titles }: { view: ViewContext; job: PublishJob; titles: ReadonlyMap<string, string> }) {
  if (job.items.length === 0) return <p className="help">{view.t("content.publish.rebuild")}</p>;
  return (
    <p className="job-items">
      {view.t(job.preview ? "content.preview.items" : "content.publish.items", {
        items: job.items.map((key) => titles.get(key) ?? key).join(", "),
        count: job.items.length,
      })}
    </p>
  );
}

/** A list of changed pages, each by its title and language, linked to the preview's copy. */
function PageLinks({ view, job, pages }: { view: ViewContext; job: PublishJob; pages: ChangedPage[] }) {
  return (
    <ul className="preview-pages">
      {pages.map((page) => (
        <li key={page.path}>
          <a href={`/admin/content/preview/${job.id}${page.path === "/" ? "/" : page.path}`}>{page.title || page.path}</a>{" "}
          <span className="help">({languageLabel(view, splitLanguage(page.path).lang)})</span>
        </li>
      ))}
    </ul>
  );
}

/** A preview's changed pages: those in the staff member's language, then the others folded away. */
function ChangedPages({ view, job, pages }: { view: ViewContext; job: PublishJob; pages: ChangedPage[] }) {
  const own = pages.filter((page) => splitLanguage(page.path).lang === view.lang);
  const others = pages.filter((page) => splitLanguage(page.path).lang !== view.lang);
  return (
    <>
      <PageLinks view={view} job={job} pages={own} />
      {others.length > 0 ? (
        <details className="other-languages">
          <summary>{view.t("content.preview.otherLanguages", { count: others.length })}</summary>
          <PageLinks view={view} job={job} pages={others} />
        </details>
      ) : null}
    </>
  );
}

/** What a preview changes in the content, item by item, before → after, in words. */
function ContentChanges({ view, changes }: { view: ViewContext; changes: ContentFileChange[] }) {
  return (
    <div className="preview-changes">
      {changes.map((change) => {
        const [folder = "", name = ""] = change.file.replace(/\.json$/, "").split("/");
        const type = contentTypes.find((candidate) =>
          candidate.where.kind === "collection" || candidate.where.kind === "fixed" ? candidate.where.folder === folder : candidate.where.file === folder,
        );
        const id = type?.where.kind === "single" ? folder : name;
        const title = type ? itemTitle(view, type, id, change.after ?? change.before) : change.file;
        const lines =
          change.before === null
            ? [view.t("content.preview.itemAdded")]
            : change.after === null
              ? [view.t("content.preview.itemRemoved")]
              : describeChanges(view, change.before, change.after, 20);
        return (
          <section key={change.file} className="preview-item">
            <h4>{title}</h4>
            <ul className="changes">
              {lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function Job({ view, job, titles }: { view: ViewContext; job: PublishJob; titles: ReadonlyMap<string, string> }) {
  const preview = job.preview;
  const steps = job.steps.map((step) => stepText(view, step)).filter((text): text is string => text !== null);
  return (
    <li className={`panel publish-job publish-${job.status}`}>
      <h3>
        {preview ? `${view.t("content.preview.kind")} · ` : null}
        {view.t((preview ? previewMessages : statusMessages)[job.status])} — {formatTime(view, job.requestedAt.toISOString())}
      </h3>
      <p className="help">{view.t("content.publish.requestedBy", { who: requesters(view, job) })}</p>
      <JobItems view={view} job={job} titles={titles} />
      {preview && job.asOf ? <p>{view.t("content.preview.asOf", { when: formatTime(view, job.asOf) })}</p> : null}
      {job.fromPreview ? <p>{view.t("content.publish.fromPreview", { time: formatTime(view, job.fromPreview.requestedAt.toISOString()) })}</p> : null}
      {preview?.dir && job.status === "done" ? (
        <>
          <p>{view.t("content.preview.notLive")}</p>
          {preview.changes && preview.changes.length > 0 ? (
            <>
              <h4>{view.t("content.preview.whatChanges")}</h4>
              <ContentChanges view={view} changes={preview.changes} />
            </>
          ) : null}
          <h4>{preview.changed.length > 0 ? view.t("content.preview.changed", { count: preview.changed.length }) : view.t("content.preview.none")}</h4>
          <ChangedPages view={view} job={job} pages={preview.changed} />
        </>
      ) : null}
      {steps.length > 0 ? (
        <details className="publish-steps-details">
          <summary>{view.t("content.publish.steps")}</summary>
          <ol className="publish-steps">
            {steps.map((step, index) => (
              <li key={index}>{step}</li>
            ))}
          </ol>
        </details>
      ) : null}
      {job.status === "failed" ? (
        <>
          <p>{view.t("content.publish.failedExplain")}</p>
          <pre className="publish-log">{job.error}</pre>
        </>
      ) : null}
      {job.status === "interrupted" ? (
        <>
          <p>{view.t("content.publish.interruptedExplain")}</p>
          <form method="post" action={preview ? "/admin/content/preview" : "/admin/content/publish"} className="inline-form">
            <CsrfField view={view} />
            <input type="hidden" name="again" value={job.id} />
            <button type="submit">{view.t(preview ? "content.preview.again" : "content.publish.again")}</button>
          </form>
        </>
      ) : null}
    </li>
  );
}

/** What a draft waiting to go online is: new, changed, or taken away. */
const pendingState = (item: PendingItem): AdminMessageId =>
  item.published === undefined ? "content.pending.new" : item.draft === undefined ? "content.pending.deleted" : "content.pending.changed";

/** An item waiting to go online: its box, its title and type, what it changes, and when it is scheduled to go online. */
function PendingEntry({ view, item, chosen, now }: { view: ViewContext; item: PendingItem; chosen: boolean; now: Date }) {
  const key = itemKey(item);
  const title = itemTitle(view, item.type, item.id, item.draft ?? item.published);
  const changes =
    item.published === undefined || item.draft === undefined
      ? []
      : typeof item.draft === "object" && typeof item.published === "object"
        ? describeChanges(view, item.published, item.draft, 8)
        : [view.t("content.pending.unreadable")];
  const publishAt = item.draft && typeof item.draft === "object" ? (item.draft as { publishAt?: unknown }).publishAt : undefined;
  const later = typeof publishAt === "string" && Date.parse(publishAt) > now.getTime() ? publishAt : null;
  return (
    <li className="pending-item">
      <label className="checkbox pending-choice">
        <input type="checkbox" name={`item.${key}`} defaultChecked={chosen} />{" "}
        <span>
          <strong>{title}</strong>
          <span className="help pending-state">
            {typeLabel(view, item.type)} — {view.t(pendingState(item))}
          </span>
        </span>
      </label>
      {later ? <p className="schedule-waiting">{view.t("content.pending.later", { when: formatTime(view, later) })}</p> : null}
      {changes.length > 0 ? (
        <ul className="changes">
          {changes.map((change) => (
            <li key={change}>{change}</li>
          ))}
        </ul>
      ) : null}
      <p>
        <a href={`/admin/content/${item.type.id}/${item.id}`}>{view.t("content.pending.open")}</a>
      </p>
    </li>
  );
}

export interface ContentPublishPageProps {
  view: ViewContext;
  /** Every item whose draft is not online. */
  pending: readonly PendingItem[];
  /** The items ticked when the page opens (`?item=`: the item page's link). */
  chosen: readonly string[];
  jobs: readonly PublishJob[];
  /** The titles of the items the jobs name, as their drafts have them. */
  jobTitles: ReadonlyMap<string, string>;
  notice: string | null;
  problem: string | null;
  now: Date;
}

/**
 * `/admin/content/publish`: the drafts waiting to go online, each with what it changes and a box;
 * a preview or a publish of the items ticked, and of nothing else; the builds as they go (the page
 * reloads itself while one runs).
 */
export function ContentPublishPage({ view, pending, chosen, jobs, jobTitles, notice, problem, now }: ContentPublishPageProps) {
  const busy = jobs.some((job) => job.status === "queued" || job.status === "building" || job.status === "switching");
  // The items the jobs name, by their titles (a job's items may have been published or deleted since).
  const titles = new Map<string, string>(jobTitles);
  for (const item of pending) if (!titles.has(itemKey(item))) titles.set(itemKey(item), itemTitle(view, item.type, item.id, item.draft ?? item.published));
  for (const key of jobs.flatMap((job) => job.items)) {
    const item = itemOfKey(key);
    if (item && !titles.has(key)) titles.set(key, view.t("content.publish.itemGone", { type: typeLabel(view, item.type), id: item.id }));
  }
  return (
    <Layout view={view} title={view.t("content.publish.title")} {...(busy ? { refreshSeconds: 3 } : {})}>
      <p>
        <a href="/admin/content">{view.t("content.back")}</a>
      </p>
      {notice ? <Notice tone="done">{notice}</Notice> : null}
      {problem ? <Notice tone="problem">{problem}</Notice> : null}
      <p>{view.t("content.publish.intro")}</p>
      <section className="panel" aria-labelledby="pending-title">
        <h2 id="pending-title">{view.t("content.pending.title", { count: pending.length })}</h2>
        {pending.length === 0 ? (
          <p>{view.t("content.pending.none")}</p>
        ) : (
          <form method="post" action="/admin/content/publish" id="publish-form" className="publish-form">
            <CsrfField view={view} />
            <p className="help">{view.t("content.pending.explain")}</p>
            <ul className="pending-items">
              {pending.map((item) => (
                <PendingEntry key={itemKey(item)} view={view} item={item} chosen={chosen.includes(itemKey(item))} now={now} />
              ))}
            </ul>
            <p className="help">{view.t("content.preview.explain")}</p>
            <div className="publish-actions">
              <button type="submit" formAction="/admin/content/preview" className="secondary">
                {view.t("content.preview.button")}
              </button>
              <button type="submit">{view.t("content.publish.button")}</button>
            </div>
          </form>
        )}
      </section>
      {busy ? <p className="help">{view.t("content.publish.refreshing")}</p> : null}
      {jobs.length === 0 ? <p>{view.t("content.publish.none")}</p> : null}
      <ol className="publish-jobs">
        {jobs.map((job) => (
          <Job key={job.id} view={view} job={job} titles={titles} />
        ))}
      </ol>
    </Layout>
  );
}
