import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { keepOwnLanguageRoutes } from "~/lib/route-manifest";

// React Router's own entry (what `react-router reveal entry.client` writes), with one step first:
// the router learns only the routes of the page's language (app/lib/route-manifest.ts).
keepOwnLanguageRoutes();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
