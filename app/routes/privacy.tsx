import type { Route } from "./+types/privacy";
import { LegalPage } from "~/components/legal/legal-page";
import { legalPageView } from "~/components/legal/views.server";
import type { FirstPaintHandle } from "~/lib/first-paint";
import type { PageHandle } from "./language-layout";
import { pageMessages } from "~/lib/i18n/messages.server";
import { pageMeta } from "~/lib/meta";
import { pagePaths } from "#core/paths";
import { contentOf } from "~/lib/content.server";

/**
 * The age gate links here, so this page must be readable before answering it. Largest paint on a
 * phone (Lighthouse): text, a section's paragraph, so the running-text face is preloaded (docs/performance.md).
 */
export const handle: PageHandle & FirstPaintHandle = { ageGate: false, font: "body" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "privacy.meta.title", description: "privacy.meta.description", path: pagePaths.privacy });

/** Runs at build: the page's text in its language, the estate's address and contacts filled in. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { page: legalPageView(contentOf(context), "privacy", request), messages: pageMessages(request, ["legal", "privacy"]) };
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <LegalPage page={loaderData.page} />;
}
