import { roleName, type ViewContext } from "../shared/view-context";
import { FieldProblem, invalid } from "../shared/field-problem";
import { CsrfField, Layout, Notice, Problems } from "../shared/layout";

export type SignInProblem = { kind: "failed" } | { kind: "wait"; seconds: number } | { kind: "expired" } | { kind: "challengeExpired" } | null;

/** How long to wait before the next attempt: seconds under two minutes, whole minutes beyond. */
export function waitMessage(view: ViewContext, seconds: number): string {
  return seconds < 120 ? view.t("signIn.waitSeconds", { seconds }) : view.t("signIn.waitMinutes", { minutes: Math.ceil(seconds / 60) });
}

/** The sign-in form: e-mail and password, POSTed to /admin/login; a field it refused is named there, the address kept as typed. */
export function SignInPage({
  view,
  problem,
  email = "",
  signedOut = false,
  joined = false,
  passwordSet = false,
  fieldProblems = {},
}: {
  view: ViewContext;
  problem: SignInProblem;
  email?: string;
  signedOut?: boolean;
  /** Just after an invitation's password was set. */
  joined?: boolean;
  /** Just after a link to choose a new password was used. */
  passwordSet?: boolean;
  fieldProblems?: Partial<Record<"email" | "password", string>>;
}) {
  return (
    <Layout view={view} title={view.t("signIn.title")}>
      {signedOut ? <Notice tone="done">{view.t("signIn.signedOut")}</Notice> : null}
      {joined ? <Notice tone="done">{view.t("signIn.joined")}</Notice> : null}
      {passwordSet ? <Notice tone="done">{view.t("signIn.passwordSet")}</Notice> : null}
      {problem?.kind === "failed" ? <Notice tone="problem">{view.t("signIn.failed")}</Notice> : null}
      {problem?.kind === "wait" ? <Notice tone="problem">{waitMessage(view, problem.seconds)}</Notice> : null}
      {problem?.kind === "expired" ? <Notice tone="problem">{view.t("signIn.expired")}</Notice> : null}
      {problem?.kind === "challengeExpired" ? <Notice tone="problem">{view.t("secondFactor.expired")}</Notice> : null}
      <Problems problems={Object.values(fieldProblems)} />
      <p>{view.t("signIn.intro")}</p>
      <p>{view.t("signIn.help")}</p>
      <form method="post" action="/admin/login" className="sign-in">
        <CsrfField view={view} />
        <label>
          {view.t("signIn.email")}
          <input type="email" name="email" autoComplete="username" required maxLength={254} defaultValue={email} {...invalid("email", fieldProblems)} />
          <FieldProblem name="email" problems={fieldProblems} />
        </label>
        <label>
          {view.t("signIn.password")}
          <input type="password" name="password" autoComplete="current-password" required maxLength={256} {...invalid("password", fieldProblems)} />
          <FieldProblem name="password" problems={fieldProblems} />
        </label>
        <button type="submit">{view.t("signIn.submit")}</button>
      </form>
    </Layout>
  );
}

/** What a request without a session gets instead of a state change: 401 and a way to sign in. */
export function SignInFirstPage({ view }: { view: ViewContext }) {
  return (
    <Layout view={view} title={view.t("signIn.required")}>
      <p>
        <a href="/admin/login">{view.t("signIn.title")}</a>
      </p>
    </Layout>
  );
}

/** A refused form: forged, replayed, expired or from another site. */
export function RefusedPage({ view }: { view: ViewContext }) {
  return (
    <Layout view={view} title={view.t("error.refused.title")}>
      <p>{view.t("error.refused.text")}</p>
      <p>
        <a href="/admin">{view.t("layout.nav.inbox")}</a>
      </p>
    </Layout>
  );
}

/** An address or a request the inbox does not know. */
export function NotFoundPage({ view }: { view: ViewContext }) {
  return (
    <Layout view={view} title={view.t("error.notFound.title")}>
      <p>{view.t("error.notFound.text")}</p>
      <p>
        <a href="/admin">{view.t("layout.nav.inbox")}</a>
      </p>
    </Layout>
  );
}

/** A form the server cannot read as sent (a field sent twice, say): nothing was changed. */
export function InvalidFormPage({ view, fields }: { view: ViewContext; fields: readonly string[] }) {
  return (
    <Layout view={view} title={view.t("error.invalidForm.title")}>
      <p>{view.t("error.invalidForm.text", { fields: fields.join(", ") })}</p>
      <p>
        <a href="/admin">{view.t("layout.nav.inbox")}</a>
      </p>
    </Layout>
  );
}

/** A signed-in member of the staff whose role does not open the page asked for. */
export function RoleRefusedPage({ view }: { view: ViewContext }) {
  return (
    <Layout view={view} title={view.t("role.refused.title")}>
      <p>{view.t("role.refused.text", { role: view.staffRole ? roleName(view, view.staffRole) : "" })}</p>
      <p>
        <a href="/admin/account">{view.t("layout.nav.account")}</a>
      </p>
    </Layout>
  );
}

/** A write the database could not take now: another process holds its lock, or the disk is full. */
export function UnavailablePage({ view, reason }: { view: ViewContext; reason: "busy" | "full" }) {
  return (
    <Layout view={view} title={view.t("error.unavailable.title")}>
      <p>{view.t(reason === "busy" ? "error.unavailable.busy" : "error.unavailable.full")}</p>
    </Layout>
  );
}
