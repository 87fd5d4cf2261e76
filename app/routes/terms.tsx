import type { Route } from "./+types/terms";
import { LegalPage } from "~/components/legal-page";
import type { PageHandle } from "./language-layout";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "#core/paths";

/** The age gate links here, so this page must be readable before answering it. */
export const handle: PageHandle = { ageGate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "terms.meta.title", description: "terms.meta.description", path: pagePaths.terms });

const sections = ["age", "sales", "prices", "withdrawal", "visits", "law"] as const;

export default function TermsPage() {
  return <LegalPage page="terms" sections={sections} />;
}
