import type { Invitation } from "../../db/invitations";
import { needsSecondFactor } from "../shared/roles";
import { roleName, type ViewContext } from "../shared/view-context";
import { CsrfField, Layout, Problems } from "../shared/layout";
import { NewPasswordFields } from "../shared/new-password-fields";

/**
 * The page an invitation's link opens: the colleague chooses a password (typed twice). A role that
 * needs a second factor (admin, inbox) then sets it up at the first sign-in, and the page says so. A refused password is
 * named at its field; what was typed is never shown again.
 */
export function InvitationPage({
  view,
  invitation,
  token,
  problems,
}: {
  view: ViewContext;
  invitation: Invitation;
  token: string;
  problems: Partial<Record<"password" | "again", string>>;
}) {
  return (
    <Layout view={view} title={view.t("invitation.title")}>
      <Problems problems={Object.values(problems)} />
      <p>{view.t("invitation.note", { email: invitation.email, role: roleName(view, invitation.role), by: invitation.invited_by })}</p>
      {needsSecondFactor(invitation.role) ? <p>{view.t("invitation.secondFactor")}</p> : null}
      <form method="post" action={`/admin/invite/${token}`} className="answer reply-form">
        <CsrfField view={view} />
        <NewPasswordFields view={view} email={invitation.email} labels={{ password: "invitation.password", again: "invitation.again" }} problems={problems} />
        <button type="submit">{view.t("invitation.submit")}</button>
      </form>
    </Layout>
  );
}

/** A link that is spent, expired or unknown: one message for all three. */
export function InvitationGonePage({ view }: { view: ViewContext }) {
  return (
    <Layout view={view} title={view.t("invitation.goneTitle")}>
      <p>{view.t("invitation.gone")}</p>
      <p>
        <a href="/admin/login">{view.t("invitation.signIn")}</a>
      </p>
    </Layout>
  );
}
