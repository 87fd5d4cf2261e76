import type { Invitation } from "../../db/invitations";
import { staffRoles, type StaffAccount, type StaffRole } from "../../db/staff";
import { needsSecondFactor } from "../shared/roles";
import { formatTime, roleName, type ViewContext } from "../shared/view-context";
import { BackupPanel } from "../shared/backup-status";
import { CsrfField, Layout, Notice, Problems } from "../shared/layout";
import { FieldProblem, invalid } from "../shared/field-problem";

/** The result of the last action, shown above the list. */
export type StaffDone = "invited" | "role" | "secondFactor" | "passwordLink" | "removed";

export interface StaffPageProps {
  view: ViewContext;
  accounts: readonly StaffAccount[];
  invitations: readonly Invitation[];
  /** Until when the link to choose a new password last sent to an account works, by account id, while it does. */
  passwordLinks: ReadonlyMap<number, string>;
  done: StaffDone | null;
  problems: readonly string[];
  /** The invitation form's refused fields, each named at its field (and listed at the top). */
  fieldProblems: Partial<Record<"email" | "role", string>>;
  /** What was typed in the invitation form, kept when it is refused. */
  typed: { email?: string; role?: string };
}

function RoleSelect({ view, name, value }: { view: ViewContext; name: string; value: string }) {
  return (
    <select name={name} defaultValue={value}>
      {staffRoles.map((role) => (
        <option key={role} value={role}>
          {roleName(view, role)}
        </option>
      ))}
    </select>
  );
}

/**
 * One colleague: address, role (changeable), second factor (resettable), last sign-in, a link to
 * choose a new password (for a colleague who forgot theirs; one's own is changed on the account
 * page), and the way to remove them.
 */
function AccountCard({ view, account, linkUntil }: { view: ViewContext; account: StaffAccount; linkUntil: string | undefined }) {
  const base = `/admin/staff/${account.id}`;
  const self = account.email === view.staffEmail;
  return (
    <li className="panel staff-card">
      <h3>
        {account.email}
        {self ? ` ${view.t("staff.you")}` : null}
      </h3>
      <dl className="envelope">
        <div>
          <dt>{view.t("account.role")}</dt>
          <dd>{roleName(view, account.role)}</dd>
        </div>
        <div>
          <dt>{view.t("account.secondFactor")}</dt>
          <dd>
            {account.totp_secret
              ? view.t("staff.secondFactorOn")
              : view.t(needsSecondFactor(account.role) ? "staff.secondFactorDue" : "account.secondFactorOff")}
          </dd>
        </div>
        <div>
          <dt>{view.t("staff.lastSignIn")}</dt>
          <dd>{account.last_sign_in_at ? formatTime(view, account.last_sign_in_at) : view.t("staff.never")}</dd>
        </div>
      </dl>
      <form method="post" action={`${base}/role`} className="inline-form assign-form">
        <CsrfField view={view} />
        <label>
          {view.t("staff.changeRole")}
          <RoleSelect view={view} name="role" value={account.role} />
        </label>
        <button type="submit">{view.t("staff.saveRole")}</button>
      </form>
      {linkUntil ? <p>{view.t("staff.passwordLink.pending", { until: formatTime(view, linkUntil) })}</p> : null}
      <div className="inline-form">
        {self ? null : (
          <form method="post" action={`${base}/password-link`}>
            <CsrfField view={view} />
            <button type="submit" className="secondary">
              {view.t("staff.passwordLink.send")}
            </button>
          </form>
        )}
        {account.totp_secret ? (
          <form method="post" action={`${base}/second-factor`}>
            <CsrfField view={view} />
            <button type="submit">{view.t("staff.resetSecondFactor")}</button>
          </form>
        ) : null}
        {self ? null : (
          <a className="button-link" href={`${base}/remove`}>
            {view.t("staff.remove")}
          </a>
        )}
      </div>
    </li>
  );
}

const doneMessages = {
  invited: "staff.done.invited",
  role: "staff.done.role",
  secondFactor: "staff.done.secondFactor",
  passwordLink: "staff.done.passwordLink",
  removed: "staff.done.removed",
} as const;

/** `/admin/staff`: the colleagues, their roles and second factors, and inviting a new one (admin accounts only). */
export function StaffPage({ view, accounts, invitations, passwordLinks, done, problems, fieldProblems, typed }: StaffPageProps) {
  return (
    <Layout view={view} title={view.t("staff.title")}>
      {done ? <Notice tone="done">{view.t(doneMessages[done])}</Notice> : null}
      <Problems problems={[...problems, ...Object.values(fieldProblems)]} />
      <section aria-labelledby="invite-title" className="panel">
        <h2 id="invite-title">{view.t("staff.invite.title")}</h2>
        <p>{view.t("staff.invite.note")}</p>
        <form method="post" action="/admin/staff/invite" className="answer reply-form">
          <CsrfField view={view} />
          <label>
            {view.t("staff.invite.email")}
            <input
              type="email"
              name="email"
              required
              maxLength={254}
              autoComplete="off"
              defaultValue={typed.email ?? ""}
              {...invalid("email", fieldProblems)}
            />
            <FieldProblem name="email" problems={fieldProblems} />
          </label>
          <label>
            {view.t("account.role")}
            <RoleSelect view={view} name="role" value={typed.role ?? "inbox"} />
            <FieldProblem name="role" problems={fieldProblems} />
          </label>
          <p>{view.t("staff.invite.roles")}</p>
          <button type="submit">{view.t("staff.invite.submit")}</button>
        </form>
      </section>
      {invitations.length > 0 ? (
        <section aria-labelledby="pending-title" className="panel">
          <h2 id="pending-title">{view.t("staff.pending.title")}</h2>
          <ul>
            {invitations.map((invitation) => (
              <li key={`${invitation.email}-${invitation.created_at}`}>
                {view.t("staff.pending.item", {
                  email: invitation.email,
                  role: roleName(view, invitation.role as StaffRole),
                  until: formatTime(view, invitation.expires_at),
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <h2>{view.t("staff.accounts")}</h2>
      <ul className="staff-list">
        {accounts.map((account) => (
          <AccountCard key={account.id} view={view} account={account} linkUntil={passwordLinks.get(account.id)} />
        ))}
      </ul>
      {view.backup?.ok ? <BackupPanel view={view} /> : null}
    </Layout>
  );
}

/** The confirmation step before an account is removed. */
export function RemoveStaffPage({ view, account }: { view: ViewContext; account: StaffAccount }) {
  return (
    <Layout view={view} title={view.t("staff.removeTitle", { email: account.email })}>
      <p>{view.t("staff.removeNote")}</p>
      {/* The removal in the warning colour, keeping the account as a quiet outlined button: the two must not look alike. */}
      <form method="post" action={`/admin/staff/${account.id}/remove`} className="inline-form danger">
        <CsrfField view={view} />
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit">{view.t("staff.removeConfirm", { email: account.email })}</button>
        <a className="button-link secondary" href="/admin/staff">
          {view.t("staff.keep")}
        </a>
      </form>
    </Layout>
  );
}
