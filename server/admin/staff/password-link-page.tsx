import type { PasswordLink } from "../../db/password-links";
import type { ViewContext } from "../shared/view-context";
import { CsrfField, Layout, Problems } from "../shared/layout";
import { NewPasswordFields } from "../shared/new-password-fields";

/**
 * The page a link to choose a new password opens (sent by an admin to a member who forgot theirs):
 * the new password, typed twice. The second factor stays as it is. A refused password is named at
 * its field; what was typed is never shown again.
 */
export function PasswordLinkPage({
  view,
  link,
  token,
  problems,
}: {
  view: ViewContext;
  link: PasswordLink;
  token: string;
  problems: Partial<Record<"password" | "again", string>>;
}) {
  return (
    <Layout view={view} title={view.t("passwordLink.title")}>
      <Problems problems={Object.values(problems)} />
      <p>{view.t("passwordLink.note", { email: link.email, by: link.sent_by })}</p>
      <p>{view.t("passwordLink.secondFactor")}</p>
      <form method="post" action={`/admin/password/${token}`} className="answer reply-form">
        <CsrfField view={view} />
        <NewPasswordFields view={view} email={link.email} labels={{ password: "password.new", again: "password.again" }} problems={problems} />
        <button type="submit">{view.t("passwordLink.submit")}</button>
      </form>
    </Layout>
  );
}

/** A link that is used, expired or unknown: one message for all three, and what to do. */
export function PasswordLinkGonePage({ view }: { view: ViewContext }) {
  return (
    <Layout view={view} title={view.t("invitation.goneTitle")}>
      <p>{view.t("passwordLink.gone")}</p>
      <p>
        <a href="/admin/login">{view.t("invitation.signIn")}</a>
      </p>
    </Layout>
  );
}
