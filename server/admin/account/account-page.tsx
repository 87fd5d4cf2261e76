import type { ReactNode } from "react";
import type { StaffAccount } from "../../db/staff";
import { maximumPasswordLength } from "../shared/passwords";
import { formatTime, roleName, type ViewContext } from "../shared/view-context";
import { FieldProblem, invalid } from "../shared/field-problem";
import { CsrfField, Layout, Notice, Problems } from "../shared/layout";
import { NewPasswordFields } from "../shared/new-password-fields";

/** The password form's fields: the current password, the new one, the new one again. */
export type PasswordChangeField = "current" | "password" | "again";

/**
 * The account page's password form: the current password (counted like a sign-in), then the new
 * one twice. Each refused field is named there; no password is ever shown again.
 */
function PasswordPanel({ view, email, problems }: { view: ViewContext; email: string; problems: Partial<Record<PasswordChangeField, string>> }) {
  return (
    <section aria-labelledby="password-title" className="panel">
      <h2 id="password-title">{view.t("password.title")}</h2>
      <form method="post" action="/admin/account/password" className="answer reply-form">
        <CsrfField view={view} />
        <label>
          {view.t("password.current")}
          <input type="password" name="current" required maxLength={maximumPasswordLength} autoComplete="current-password" {...invalid("current", problems)} />
          <FieldProblem name="current" problems={problems} />
        </label>
        <NewPasswordFields view={view} email={email} labels={{ password: "password.new", again: "password.again" }} problems={problems} />
        <button type="submit">{view.t("password.submit")}</button>
      </form>
    </section>
  );
}

/** `/admin/account`: who is signed in, with which role, whether a second factor protects the account, and changing the password. */
export function AccountPage({
  view,
  account,
  recoveryCodesLeft,
  feed,
  passwordChanged = false,
  passwordProblems = {},
}: {
  view: ViewContext;
  account: StaffAccount;
  recoveryCodesLeft: number;
  feed?: ReactNode;
  /** Just after the password was changed here. */
  passwordChanged?: boolean;
  /** The password form's refused fields. */
  passwordProblems?: Partial<Record<PasswordChangeField, string>>;
}) {
  const enrolled = account.totp_secret !== null;
  return (
    <Layout view={view} title={view.t("account.title")}>
      {passwordChanged ? <Notice tone="done">{view.t("password.changed")}</Notice> : null}
      <Problems problems={Object.values(passwordProblems)} />
      <dl className="envelope">
        <div>
          <dt>{view.t("account.email")}</dt>
          <dd>{account.email}</dd>
        </div>
        <div>
          <dt>{view.t("account.role")}</dt>
          <dd>{roleName(view, account.role)}</dd>
        </div>
        <div>
          <dt>{view.t("account.secondFactor")}</dt>
          <dd>{enrolled ? view.t("account.secondFactorOn", { count: recoveryCodesLeft }) : view.t("account.secondFactorOff")}</dd>
        </div>
        <div>
          <dt>{view.t("account.passwordChanged")}</dt>
          <dd>{formatTime(view, account.password_changed_at)}</dd>
        </div>
      </dl>
      {enrolled ? null : (
        <p>
          <a href="/admin/account/second-factor">{view.t("account.setUp")}</a>
        </p>
      )}
      <p>{view.t("account.reset")}</p>
      <PasswordPanel view={view} email={account.email} problems={passwordProblems} />
      {feed}
    </Layout>
  );
}
