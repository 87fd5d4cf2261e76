import type { AdminMessageId } from "#locales/admin";
import type { PublishJob, PublishStatus } from "../content/publisher";
import { formatTime, type ViewContext } from "../view-context";
import { CsrfField, Layout, Notice } from "./layout";

const statusMessages: Record<PublishStatus, AdminMessageId> = {
  queued: "content.publish.status.queued",
  building: "content.publish.status.building",
  switching: "content.publish.status.switching",
  done: "content.publish.status.done",
  failed: "content.publish.status.failed",
  interrupted: "content.publish.status.interrupted",
};

function Job({ view, job }: { view: ViewContext; job: PublishJob }) {
  return (
    <li className={`panel publish-job publish-${job.status}`}>
      <h3>
        {job.preview ? `${view.t("content.preview.kind")} · ` : null}
        {view.t(statusMessages[job.status])} — {formatTime(view, job.requestedAt.toISOString())}
      </h3>
      <p className="help">{view.t("content.publish.requestedBy", { who: job.requestedBy.join(", ") })}</p>
      {job.fromPreview ? <p>{view.t("content.publish.fromPreview", { time: formatTime(view, job.fromPreview.requestedAt.toISOString()) })}</p> : null}
      {job.preview?.dir && job.status === "done" ? (
        <>
          <p>{job.preview.changed.length > 0 ? view.t("content.preview.changed", { count: job.preview.changed.length }) : view.t("content.preview.none")}</p>
          <ul className="preview-pages">
            {job.preview.changed.map((page) => (
              <li key={page}>
                <a href={`/admin/content/preview/${job.id}${page === "/" ? "/" : page}`}>{page}</a>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {job.steps.length > 0 ? (
        <ol className="publish-steps" aria-label={view.t("content.publish.steps")}>
          {job.steps.map((step, index) => (
            <li key={index}>{step}</li>
          ))}
        </ol>
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
          <form method="post" action={job.preview ? "/admin/content/preview" : "/admin/content/publish"} className="inline-form">
            <CsrfField view={view} />
            <button type="submit">{view.t(job.preview ? "content.preview.again" : "content.publish.again")}</button>
          </form>
        </>
      ) : null}
    </li>
  );
}

/** `/admin/content/publish`: publish the saved content, and follow the builds (the page reloads itself while one runs). */
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
