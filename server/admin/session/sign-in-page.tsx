import { waitMessage, type ViewContext } from "../shared/view-context";
import { FieldProblem, invalid } from "../shared/field-problem";
import { CsrfField, Layout, Notice, Problems } from "../shared/layout";

export type SignInProblem = { kind: "failed" } | { kind: "wait"; seconds: number } | { kind: "expired" } | { kind: "challengeExpired" } | null;

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
