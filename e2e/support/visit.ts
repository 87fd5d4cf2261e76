/** Helpers for the visit pages' browser tests (e2e/visit-*.test.ts). */
import { randomUUID } from "node:crypto";
import type { BrowserContext, Page, Request } from "@playwright/test";
import type { MessageValues } from "#core/i18n";
import { isLanguage } from "#core/languages";
import type { Accepted } from "#forms/fields";
import { catalogs, translator, type MessageId } from "#locales";
import { waitForHydration } from "./browser";
import { test as base, type PageOptions, type WatchedPage } from "./fixtures";
import { baseUrl } from "./servers";
import { afterFrames, trackRequests, untilSettled } from "./settle";

/**
 * A message in a language as the catalog has it, its values filled in: what the page must show.
 * Throws on an id the catalog does not hold, so a test cannot pass on a typo.
 */
export function text(lang: string, id: MessageId, values?: MessageValues): string {
  if (!isLanguage(lang) || !Object.hasOwn(catalogs[lang], id)) throw new Error(`no ${id} in ${lang}`);
  // The words a visitor reads: the tags of a message with elements (`<name>…</name>`) are markup.
  return translator(lang)
    .t(id, values)
    .replace(/<\/?[a-z]+>/g, "");
}

/** `/fr/contact` for `fr`, `/contact` for `en`. */
export const pathIn = (lang: string, path: string) => (lang === "en" ? path : `/${lang}${path}`);

export interface ApiCall {
  url: string;
  method: string;
  body: Record<string, unknown>;
}

/**
 * The body the real API sends with a status (server/api/forms.ts, server/app.ts): a 201 names the
 * new submission's UUID, errors say what went wrong.
 */
export function apiBody(status: number): unknown {
  if (status === 201) return { ok: true, id: randomUUID() } satisfies Accepted;
  if (status === 400) return { error: "Invalid submission", fields: [] };
  if (status === 429) return { error: "Rate limit exceeded, retry in 1 minute" };
  return { error: status >= 500 ? "Internal Server Error" : "Error" };
}

/**
 * Answers every form the page sends (a POST to `/api/`) with `status` (and `body`, by default the
 * real API's body for that status), recording what was sent. `hold` keeps the answer back until
 * `release()` is called, to observe the busy state. What the page only reads (the tours form's
 * availability, a GET) goes to the real server: answered with a form's body, it would be a
 * different API's answer, not the page's.
 */
export async function mockApi(page: Page, status: number, { body = apiBody(status), hold = false }: { body?: unknown; hold?: boolean } = {}) {
  const calls: ApiCall[] = [];
  let release: () => void = () => {};
  const gate = hold ? new Promise<void>((resolve) => (release = resolve)) : Promise.resolve();
  await page.route("**/api/**", async (route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.fallback();
    calls.push({ url: request.url(), method: request.method(), body: request.postDataJSON() as Record<string, unknown> });
    await gate;
    await route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });
  });
  return { calls, release: () => release() };
}

/**
 * Answers every request to another site with a stub page, so nothing leaves the machine, and
 * records those requests: the privacy tests assert there are none before the visitor clicks.
 */
export async function guardOutside(context: BrowserContext, origin: string) {
  const outside: string[] = [];
  const isOutside = (url: string) => !url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:");
  context.on("request", (request: Request) => {
    if (isOutside(request.url())) outside.push(request.url());
  });
  await context.route(
    (url) => isOutside(url.href),
    (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>stub</title><p>stub" }),
  );
  return outside;
}

/**
 * Scrolls through the whole page, half a screen at a time, so that lazy images and anything else
 * deferred get their chance to load: after each step the page renders two frames (lazy loading is
 * decided while a frame is rendered), and at the end everything it then asked for has arrived and
 * the page is idle. The privacy tests assert after this that nothing went to another site.
 */
export async function scrollThrough(page: Page) {
  const requests = trackRequests(page);
  // The page may grow as pictures arrive: its height is read again at each step.
  for (let y = 0; ;) {
    const { height, step } = await page.evaluate((top) => {
      window.scrollTo(0, top);
      return { height: document.body.scrollHeight, step: window.innerHeight / 2 };
    }, y);
    await afterFrames(page);
    y += step;
    if (y >= height) break;
  }
  await untilSettled(page, requests);
}

/**
 * The visit tests' fixture: `visit(path, options)` opens a watched page (`openPage`), stubs and
 * records every request to another site (`outside`), goes to `path` and waits for hydration.
 */
export const test = base.extend<{ visit: (path: string, options?: PageOptions) => Promise<WatchedPage & { outside: string[] }> }>({
  visit: async ({ openPage }, provide) => {
    await provide(async (path, options) => {
      const watched = await openPage(options);
      const outside = await guardOutside(watched.context, baseUrl);
      await watched.page.goto(`${baseUrl}${path}`);
      await waitForHydration(watched.page);
      return { ...watched, outside };
    });
  },
});

/** The always-present live region toasts appear in. */
export const toastRegion = (page: Page) => page.locator('[role="status"][aria-live="polite"]').filter({ has: page.locator("[data-tone]") });

/** Each control of a form: name, type, required, min, placeholder, and the text of its label. */
export async function formFields(page: Page, formSelector: string) {
  return page.locator(formSelector).evaluate((form: HTMLFormElement) =>
    [...form.elements]
      // The fields a visitor fills: not the honeypot, nor the hidden language and page the form posts with.
      .filter(
        (el): el is HTMLInputElement | HTMLTextAreaElement =>
          (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.name !== "fax" && el.type !== "hidden",
      )
      .map((el) => ({
        name: el.name,
        type: el instanceof HTMLTextAreaElement ? "textarea" : el.type,
        required: el.required,
        ...(el instanceof HTMLInputElement && el.min ? { min: el.min } : {}),
        ...(el.placeholder ? { placeholder: el.placeholder } : {}),
        label: el.labels?.[0]?.querySelector("[data-label]")?.textContent ?? null,
        labelVisible: (el.labels?.[0]?.getBoundingClientRect().height ?? 0) > 0,
      })),
  );
}

/** The honeypot: present, named `fax`, out of the tab order, unlabelled for nobody, hidden from assistive technology. */
export async function honeypot(page: Page, formSelector: string) {
  return page.locator(`${formSelector} input[name="fax"]`).evaluate((input: HTMLInputElement) => ({
    tabIndex: input.tabIndex,
    autocomplete: input.getAttribute("autocomplete"),
    labelled: (input.labels?.length ?? 0) > 0,
    hidden: input.closest('[aria-hidden="true"]') !== null,
    onScreen: (() => {
      const box = input.getBoundingClientRect();
      return box.right > 0 && box.bottom > 0 && box.width > 1;
    })(),
  }));
}
