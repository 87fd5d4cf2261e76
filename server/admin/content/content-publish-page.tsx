import { splitLanguage } from "#core/paths";
import type { AdminMessageId } from "#locales/admin";
import { describeChanges } from "./changes";
import { itemTitle } from "./labels";
import { scheduleRequester, type ChangedPage, type ContentFileChange, type PublishJob, type PublishStatus } from "./publisher";
import { contentTypes } from "./types";
import { formatTime, languageLabel, type ViewContext } from "../shared/view-context";
import { CsrfField, Layout, Notice } from "../shared/layout";

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

/** Who asked, in words (the schedule is no person). */
const requesters = (view: ViewContext, job: PublishJob) =>
  job.requestedBy.map((who) => (who === scheduleRequester ? view.t("content.publish.bySchedule") : who)).join(", ");

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

function Job({ view, job }: { view: ViewContext; job: PublishJob }) {
  const preview = job.preview;
  const steps = job.steps.map((step) => stepText(view, step)).filter((text): text is string => text !== null);
  return (
    <li className={`panel publish-job publish-${job.status}`}>
      <h3>
        {preview ? `${view.t("content.preview.kind")} · ` : null}
        {view.t((preview ? previewMessages : statusMessages)[job.status])} — {formatTime(view, job.requestedAt.toISOString())}
      </h3>
      <p className="help">{view.t("content.publish.requestedBy", { who: requesters(view, job) })}</p>
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
            <button type="submit">{view.t(preview ? "content.preview.again" : "content.publish.again")}</button>
          </form>
        </>
      ) : null}
    </li>
  );
}

/** `/admin/content/publish`: preview and publish the saved content, and follow the builds (the page reloads itself while one runs). */
export function ContentPublishPage({ view, jobs, notice }: { view: ViewContext; jobs: readonly PublishJob[]; notice: string | null }) {
  const busy = jobs.some((job) => job.status === "queued" || job.status === "building" || job.status === "switching");
  return (
    <Layout view={view} title={view.t("content.publish.title")} {...(busy ? { refreshSeconds: 3 } : {})}>
      <p>
        <a href="/admin/content">{view.t("content.back")}</a>
      </p>
      {notice ? <Notice tone="done">{notice}</Notice> : null}
      <p>{view.t("content.publish.intro")}</p>
      <p>{view.t("content.preview.explain")}</p>
      <div className="publish-actions">
        <form method="post" action="/admin/content/preview" className="inline-form">
          <CsrfField view={view} />
          <button type="submit" className="secondary">
            {view.t("content.preview.button")}
          </button>
        </form>
        <form method="post" action="/admin/content/publish" className="inline-form">
          <CsrfField view={view} />
          <button type="submit">{view.t("content.publish.button")}</button>
        </form>
      </div>
      {busy ? <p className="help">{view.t("content.publish.refreshing")}</p> : null}
      {jobs.length === 0 ? <p>{view.t("content.publish.none")}</p> : null}
      <ol className="publish-jobs">
        {jobs.map((job) => (
          <Job key={job.id} view={view} job={job} />
        ))}
      </ol>
    </Layout>
  );
}
