import { useSyncExternalStore } from "react";

// window.Snipcart and its store are declared in ./snipcart.ts.

let listeners = new Set<() => void>();
let unsubscribeStore: (() => void) | undefined;

/** Connects to Snipcart's store once it has loaded (it fires `snipcart.ready`). */
function connect(): void {
  if (unsubscribeStore || typeof window === "undefined" || !window.Snipcart) return;
  unsubscribeStore = window.Snipcart.store.subscribe(() => listeners.forEach((listener) => listener()));
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  document.addEventListener("snipcart.ready", connect);
  connect();
  return () => {
    listeners.delete(listener);
    document.removeEventListener("snipcart.ready", connect);
    if (listeners.size === 0) {
      unsubscribeStore?.();
      unsubscribeStore = undefined;
      listeners = new Set();
    }
  };
}

function getCount(): number {
  return window.Snipcart?.store.getState().cart.items.count ?? 0;
}

/** The number of bottles in Snipcart's cart; 0 until (and unless) Snipcart loads. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribe, getCount, () => 0);
}
