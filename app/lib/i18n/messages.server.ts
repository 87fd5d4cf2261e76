/**
 * Which messages each page carries (build-side). A page's HTML and its `.data` file hold the
 * layout's namespaces and the page's own, in its language only: the legal texts stay on the
 * legal pages, the forms' words on the pages with a form.
 */
import type { Language } from "#core/languages";
import { newsletterSignupForm } from "#forms/newsletter-signup";
import { splitLanguage } from "#core/paths";
import { catalogs, messagesFor, type Namespace } from "#locales";
import type { Messages } from "@lingui/core";
import { createI18n } from "./context";
import { packMessages, type PackedMessages } from "./packed-messages";

/** What every page shows around its content: navigation, footer, age gate and the error fallback. */
const layoutNamespaces = ["site", "nav", "language", "cart", "ageGate", "footer", "social", "errors"] as const satisfies readonly Namespace[];

/**
 * The messages of the footer's newsletter sign-up that are not the footer's own: its field's label
 * and its answer (the form's definition names them, as the news page's form does).
 */
const signupMessages = [
  newsletterSignupForm.success.title,
  newsletterSignupForm.success.description,
  ...newsletterSignupForm.fields.map((field) => field.label),
];

/** The layout's messages in a language (the language layout's loader returns them): every page's footer has the sign-up form. */
export function layoutMessages(lang: Language): Messages {
  const catalog = catalogs[lang];
  return {
    ...messagesFor(lang, [...layoutNamespaces, "forms"]),
    ...Object.fromEntries(signupMessages.flatMap((id) => (catalog[id] === undefined ? [] : [[id, catalog[id]]]))),
  };
}

/** The language of the page a loader renders, from its URL. */
export function pageLanguage(request: Request) {
  return splitLanguage(new URL(request.url).pathname).lang;
}

/**
 * The messages a page's own components use, in its language, and any the loader words itself,
 * packed for its loader to return (./packed-messages.ts).
 */
export function pageMessages(request: Request, namespaces: readonly Namespace[], own: Messages = {}): PackedMessages {
  return packMessages({ ...messagesFor(pageLanguage(request), namespaces), ...own });
}

/** A translator over the whole catalog of the page's language, for loaders that word their views at build. */
export function pageI18n(request: Request) {
  const lang = pageLanguage(request);
  return createI18n(lang, catalogs[lang]);
}
