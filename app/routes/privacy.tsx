import type { Route } from "./+types/privacy";
import { LegalPage } from "~/components/legal-page";
import type { PageHandle } from "./language-layout";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "#core/paths";

/** The age gate links here, so this page must be readable before answering it. */
export const handle: PageHandle = { ageGate: false };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "privacy.meta.title", description: "privacy.meta.description", path: pagePaths.privacy });

const sections = ["controller", "browser", "forms", "thirdParties", "rights"] as const;

export default function PrivacyPage() {
  return <LegalPage page="privacy" sections={sections} />;
}
