import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while React renders the prerendered HTML and hydrates it, true afterwards. For output
 * that depends on what only the browser knows (the URL's query), so hydration still matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
