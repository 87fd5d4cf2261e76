import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import type { Route } from "./+types/not-found";
import { useI18n } from "~/lib/i18n/context";
import { pageMessages } from "~/lib/i18n/messages.server";
import { pageMeta } from "~/lib/meta";
import type { FirstPaintHandle } from "~/lib/first-paint";

// Largest paint on a phone (Lighthouse, first visit): text, the age gate's title (docs/performance.md).
export const handle: FirstPaintHandle = { font: "heading" };

/** Runs at build, for the error page the server sends with HTTP 404. */
export function loader({ request }: Route.LoaderArgs) {
  return { messages: pageMessages(request, ["notFound"]) };
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, { title: "notFound.metaTitle", description: "notFound.title", path: location.pathname, noindex: true });

/** Any unknown path (spec §8). The server answers it with HTTP 404 and this page's HTML. */
export default function NotFoundPage() {
  const { t, href } = useI18n();
  const { pathname } = useLocation();

  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-6 py-32 text-center">
      <p className="font-heading text-7xl text-gold-600" aria-hidden="true">
        {t("notFound.code")}
      </p>
      <h1 className="mt-4 text-4xl">{t("notFound.title")}</h1>
      <p className="mt-8">
        <Link className="btn-primary" to={href("/")}>
          {t("notFound.home")}
        </Link>
      </p>
    </section>
  );
}
