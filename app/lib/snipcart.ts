/**
 * Snipcart is switched on by a public key given at build time (`SNIPCART_PUBLIC_KEY`). Without
 * it nothing external loads, and buying leads to an inquiry on the contact page.
 *
 * With a key, Snipcart v3 (pinned) loads on the visitor's first interaction, never before, so
 * the pages stay fast and nothing outside the site is contacted by a visitor who only reads.
 */
import { useEffect } from "react";
import { defaultLanguage, type Language } from "#core/languages";

const snipcartPublicKey: string = import.meta.env.VITE_SNIPCART_PUBLIC_KEY ?? "";

export const snipcartEnabled = snipcartPublicKey !== "";

/** Pinned: a new Snipcart release is adopted by changing this line, after testing checkout. */
export const snipcartVersion = "3.7.1";

const themeBase = `https://cdn.snipcart.com/themes/v${snipcartVersion}/default`;
const snipcartScriptUrl = `${themeBase}/snipcart.js`;
const snipcartStylesheetUrl = `${themeBase}/snipcart.css`;

/** The first interactions that load Snipcart. */
const snipcartTriggers = ["pointerdown", "keydown", "scroll", "touchstart"] as const;

/**
 * Attributes of Snipcart's hidden root element: the public key, the side cart, euros. Adding a
 * bottle opens the side cart (Snipcart's default), which is the buyer's confirmation.
 */
function snipcartRootAttributes(publicKey: string = snipcartPublicKey): Record<string, string> {
  return {
    id: "snipcart",
    "data-api-key": publicKey,
    "data-config-modal-style": "side",
    "data-currency": "eur",
  };
}

/** An item as Snipcart's JavaScript API takes it, read from a buy button's data attributes. */
export interface SnipcartItem {
  id: string;
  name: string;
  price: number;
  url: string;
  description: string;
  image: string;
  categories: string[];
}

/** What the site uses of Snipcart's JavaScript: its API, and its store for the cart count (use-cart-count.ts). */
interface SnipcartApi {
  api: {
    session: { setLanguage(lang: string): Promise<unknown> | void };
    cart: { items: { add(item: SnipcartItem): Promise<unknown> } };
  };
  store: {
    getState(): { cart: { items: { count: number } } };
    subscribe(listener: () => void): () => void;
  };
}

declare global {
  interface Window {
    /** Set by Snipcart's script once it has loaded. */
    Snipcart?: SnipcartApi;
  }
}

function snipcartApi(): SnipcartApi | undefined {
  return window.Snipcart;
}

/**
 * Snipcart's loader for one public key: it adds Snipcart to the page once, queues the bottles
 * clicked while it loads, and keeps its language the page's. The site has one (below), built from
 * the build's key; a test builds its own with the key it needs.
 */
export function snipcartLoader(publicKey: string) {
  const enabled = publicKey !== "";
  let requested = false;
  let ready = false;
  let currentLanguage: Language = defaultLanguage;
  const waiting: SnipcartItem[] = [];

  function onReady(): void {
    ready = true;
    const snipcart = snipcartApi();
    if (!snipcart) return;
    void snipcart.api.session.setLanguage(currentLanguage);
    for (const item of waiting.splice(0)) void snipcart.api.cart.items.add(item);
  }

  /** Adds Snipcart's root element, stylesheet and script to the page, once. */
  function load(): void {
    if (requested || !enabled || typeof document === "undefined") return;
    requested = true;
    document.addEventListener("snipcart.ready", onReady, { once: true });

    const root = document.createElement("div");
    root.hidden = true;
    for (const [name, value] of Object.entries(snipcartRootAttributes(publicKey))) root.setAttribute(name, value);
    document.body.appendChild(root);

    const stylesheet = document.createElement("link");
    stylesheet.rel = "stylesheet";
    stylesheet.href = snipcartStylesheetUrl;
    document.head.appendChild(stylesheet);

    const script = document.createElement("script");
    script.src = snipcartScriptUrl;
    script.async = true;
    document.head.appendChild(script);
  }

  /** Called by a buy button's click: Snipcart handles it itself once ready; before, it waits. */
  function addWhenReady(button: HTMLElement): void {
    if (!enabled || ready) return;
    waiting.push(itemFromButton(button));
    load();
  }

  /** The page's language, given to Snipcart now or once it is ready. */
  function setLanguage(lang: Language): void {
    currentLanguage = lang;
    if (ready) void snipcartApi()?.api.session.setLanguage(lang);
  }

  return { enabled, load, addWhenReady, setLanguage };
}

/**
 * Reads a buy button's cart data. A click that arrives while Snipcart is still loading (the
 * press that triggered the load) would be lost: it is queued and added once Snipcart is ready.
 */
function itemFromButton(button: HTMLElement): SnipcartItem {
  const data = button.dataset;
  return {
    id: data.itemId ?? "",
    name: data.itemName ?? "",
    price: Number(data.itemPrice),
    url: data.itemUrl ?? "",
    description: data.itemDescription ?? "",
    image: data.itemImage ?? "",
    categories: (data.itemCategories ?? "").split("|").filter(Boolean),
  };
}

const site = snipcartLoader(snipcartPublicKey);
const loadSnipcart = site.load;
export const addWhenSnipcartReady = site.addWhenReady;

/** Calls `action` once, on the first of the trigger events at `target`; returns the way to stop listening. */
export function onFirstInteraction(target: EventTarget, action: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const stop = () => {
    for (const type of snipcartTriggers) target.removeEventListener(type, fire, options);
  };
  function fire() {
    stop();
    action();
  }
  for (const type of snipcartTriggers) target.addEventListener(type, fire, options);
  return stop;
}

/**
 * Mounted once by the language layout: loads Snipcart on the first interaction and keeps its
 * language the page's. Does nothing without a public key.
 */
export function useSnipcart(lang: Language): void {
  useEffect(() => (snipcartEnabled ? onFirstInteraction(window, loadSnipcart) : undefined), []);

  useEffect(() => site.setLanguage(lang), [lang]);
}
