import type { PersonalData } from "../../db/privacy";
import { formatTime, statusName, typeName, type ViewContext } from "../shared/view-context";
import { submissionHref } from "../shared/links";
import { FieldProblem, invalid } from "../shared/field-problem";
import { CsrfField, Layout, Notice } from "../shared/layout";

export interface PrivacyPageProps {
  view: ViewContext;
  email: string;
  /** What a search found, when one was made. */
  found: PersonalData | null;
  /** What an erasure removed, when one was made. */
  erased: { submissions: number; mails: number } | null;
  problems: readonly string[];
  /** The address's problem, named at its field (and at the top). */
  fieldProblems: Partial<Record<"email", string>>;
  /** The estate's own mailboxes (its contact and trade addresses), which copies of the person's mails reached. */
  mailboxes: string[];
}

function Found({ view, found }: { view: ViewContext; found: PersonalData }) {
  const submissions = view.t("privacy.submissions", { count: found.submissions.length });
  const mails = view.t("privacy.mails", { count: found.mails.length });
  return (
    <section aria-labelledby="found-title" className="panel">
      <h2 id="found-title">{view.t("privacy.foundFor", { email: found.email })}</h2>
      <p>
        {submissions}, {mails}
      </p>
      {found.submissions.length > 0 ? (
        <ul>
          {found.submissions.map(({ type, status, row }) => (
            <li key={`${type}/${String(row.id)}`}>
              <a href={submissionHref(type, String(row.id))}>
                {typeName(view, type)} — {formatTime(view, String(row.received_at))}
              </a>{" "}
              ({statusName(view, status as Parameters<typeof statusName>[1])})
            </li>
          ))}
        </ul>
      ) : null}
      <form method="post" action="/admin/privacy/export" className="inline-form">
        <CsrfField view={view} />
        <input type="hidden" name="email" value={found.email} />
        <button type="submit" name="format" value="document">
          {view.t("privacy.exportDocument")}
        </button>
        <button type="submit" name="format" value="data" className="secondary">
          {view.t("privacy.exportData")}
        </button>
      </form>
      <form method="post" action="/admin/privacy/erase" className="inline-form danger">
        <CsrfField view={view} />
        <input type="hidden" name="email" value={found.email} />
        <label className="checkbox">
          <input type="checkbox" name="confirm" value="yes" required />
          <span>{view.t("privacy.eraseConfirm")}</span>
        </label>
        <button type="submit">{view.t("privacy.erase")}</button>
      </form>
    </section>
  );
}

/**
 * What an erasure cannot reach, so that the office can act on it: the copies the estate's own
 * mailboxes keep (the notifications went to them), the server's backups, and answers written
 * from a mail program.
 */
function Beyond({ view, mailboxes }: { view: ViewContext; mailboxes: string }) {
  return (
    <section aria-labelledby="beyond-title" className="panel">
      <h2 id="beyond-title">{view.t("privacy.beyond.title")}</h2>
      <ul className="beyond">
        <li>{view.t("privacy.beyond.mailboxes", { mailboxes })}</li>
        <li>{view.t("privacy.beyond.sent")}</li>
        <li>{view.t("privacy.beyond.backups")}</li>
      </ul>
    </section>
  );
}

/** `/admin/privacy`: find, export or erase everything stored for one address. */
export function PrivacyPage({ view, email, found, erased, problems, fieldProblems, mailboxes }: PrivacyPageProps) {
  return (
    <Layout view={view} title={view.t("privacy.title")}>
      {problems.length + Object.keys(fieldProblems).length > 0 ? (
        <Notice tone="problem">{[...problems, ...Object.values(fieldProblems)].join(" ")}</Notice>
      ) : null}
      {erased ? (
        <Notice tone="done">
          {view.t("privacy.erased", {
            submissions: view.t("privacy.submissions", { count: erased.submissions }),
            mails: view.t("privacy.mails", { count: erased.mails }),
          })}
        </Notice>
      ) : null}
      <p>{view.t("privacy.intro")}</p>
      <form method="post" action="/admin/privacy/find" className="inline-form">
        <CsrfField view={view} />
        <label>
          {view.t("privacy.email")}
          <input type="email" name="email" required maxLength={254} defaultValue={email} {...invalid("email", fieldProblems)} />
          <FieldProblem name="email" problems={fieldProblems} />
        </label>
        <button type="submit">{view.t("privacy.find")}</button>
      </form>
      {found ? <Found view={view} found={found} /> : null}
      {found || erased ? <Beyond view={view} mailboxes={mailboxes.join(", ")} /> : null}
    </Layout>
  );
}
