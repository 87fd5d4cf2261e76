import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { decodeLoaderDataInATaskOfItsOwn } from "~/lib/loader-data";
import { keepOwnLanguageRoutes } from "~/lib/route-manifest";

// React Router's own entry (what `react-router reveal entry.client` writes), with two steps first:
// the router learns only the routes of the page's language (app/lib/route-manifest.ts), and it
// decodes the page's loader data in a task of its own (app/lib/loader-data.ts).
keepOwnLanguageRoutes();
decodeLoaderDataInATaskOfItsOwn();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
