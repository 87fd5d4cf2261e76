import type { ReactNode } from "react";
import type { StaffAccount } from "../../db/staff";
import { formatTime, roleName, type ViewContext } from "../view-context";
import { Layout } from "./layout";

/** `/admin/account`: who is signed in, with which role, and whether a second factor protects the account. */
export function AccountPage({
  view,
  account,
  recoveryCodesLeft,
  feed,
}: {
  view: ViewContext;
  account: StaffAccount;
  recoveryCodesLeft: number;
  feed?: ReactNode;
}) {
  const enrolled = account.totp_secret !== null;
  return (
    <Layout view={view} title={view.t("account.title")}>
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
      {feed}
    </Layout>
  );
}
