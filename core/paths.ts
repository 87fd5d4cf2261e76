import { defaultLanguage, isLanguage, type Language } from "./languages";

/**
 * Every page of the site, by the path it has in English (spec §2). The other languages put
 * `/fr`, `/zh`, `/es` or `/ja` in front. Declared once here; routes.ts, the prerender list,
 * the sitemap and the navigation all read it.
 */
export const pagePaths = {
  home: "/",
  story: "/story",
  shop: "/shop",
  wineTours: "/wine-tours",
  villa: "/villa",
  contact: "/contact",
  becomeImporter: "/become-importer",
  news: "/news",
  events: "/events",
  legalNotice: "/legal-notice",
  privacy: "/privacy",
  terms: "/terms",
} as const;

/**
 * The API's addresses that pages and e-mails link to, beside the forms' own (forms/fields.ts
 * `formPath`). The server registers its routes at these (server/api/), the visitor's pages post
 * to them and the e-mails link to them; declared once here, on the floor all of them stand on.
 */
export const apiPaths = {
  /** The places of a package's times (the booking form's time picker). */
  tourAvailability: "/api/tours/availability",
  /** The visitor's own booking, behind its private link. */
  tourBooking: "/api/tours/booking",
  /** A place on a waitlist, and the places it offers. */
  tourWaitlist: "/api/tours/waitlist",
  /** Stops the thank-you e-mails after a visit (the link in each, and its one-click POST). */
  tourThanks: "/api/tours/thanks",
  /** A gift card's printable page, behind the private link of its e-mail. */
  giftCard: "/api/gift-card",
  /** Buying a gift voucher online: the order, then the provider's checkout. */
  giftVoucherOrder: "/api/gift-vouchers",
  /** Where the provider's checkout sends a gift voucher's buyer once paid. */
  giftVoucherPaid: "/api/gift-vouchers/paid",
  newsletterConfirm: "/api/newsletter/confirm",
  newsletterUnsubscribe: "/api/newsletter/unsubscribe",
  /** The pictures of the newsletter's e-mails, which mail programs fetch (`<scene>.jpg` below it). */
  newsletterPictures: "/api/newsletter/pictures",
} as const;

/** The path of a wine's detail page in English. */
export function winePath(id: string): string {
  return `/shop/${encodeURIComponent(id)}`;
}

/** Turns an English path into the same page's path in `lang`: `localizePath("fr", "/shop")` is `/fr/shop`. */
export function localizePath(lang: Language, path: string): string {
  if (lang === defaultLanguage) return path;
  return path === "/" ? `/${lang}` : `/${lang}${path}`;
}

/** Splits a URL path into its language and the English path below it: `/fr/shop` gives `fr` and `/shop`. */
export function splitLanguage(pathname: string): { lang: Language; path: string } {
  const match = /^\/([a-z]{2})(\/.*)?$/.exec(pathname);
  const prefix = match?.[1];
  if (prefix && prefix !== defaultLanguage && isLanguage(prefix)) {
    const rest = match[2] ?? "/";
    return { lang: prefix, path: rest === "" ? "/" : rest };
  }
  return { lang: defaultLanguage, path: pathname || "/" };
}

/** The same page in another language: the language switcher's link. */
export function switchLanguage(pathname: string, to: Language): string {
  const { path } = splitLanguage(pathname);
  const trimmed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return localizePath(to, trimmed);
}
