/** The pages every feature of the staff area may answer with: a sign-in first, a refused form, an unknown address, a role refused, a write that cannot be made now. */
import { roleName, type ViewContext } from "./view-context";
import { Layout } from "./layout";

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
