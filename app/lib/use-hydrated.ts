import { startTransition, useEffect, useState } from "react";

/**
 * False while React renders the prerendered HTML and hydrates it, true afterwards. For output
 * that depends on what only the browser knows (the URL's query), so hydration still matches.
 *
 * The switch to true is a transition: the re-render it asks for yields to the browser between
 * components, where a store read with `useSyncExternalStore` forced a synchronous re-render right
 * after hydration, in the same task (docs/performance.md, "A quiet main thread"). A component
 * mounted later, outside hydration, shows its first state for one render too.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
