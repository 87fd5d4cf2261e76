import type { Route } from "./+types/legal-notice";
import { LegalPage } from "~/components/legal-page";
import type { PageHandle } from "./language-layout";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "#core/paths";

/** The age gate links here, so this page must be readable before answering it. */
export const handle: PageHandle = { ageGate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "legalNotice.meta.title", description: "legalNotice.meta.description", path: pagePaths.legalNotice });

const sections = ["publisher", "hosting", "property", "alcohol"] as const;

export default function LegalNoticePage() {
  return <LegalPage page="legalNotice" sections={sections} />;
}
