import type { MetaDescriptor } from "react-router";
import { languages, languageTags, ogLocales, type Language } from "#core/languages";
import { translate, type MessageKey, type MessageTree, type Vars } from "./i18n/translate";
import { localizePath } from "#core/paths";

/** The public origin, for canonical and alternate URLs. Set `SITE_URL` at build. */
export const siteUrl: string = (import.meta.env.VITE_SITE_URL || "http://localhost:3000").replace(/\/$/, "");

interface LayoutData {
  lang: Language;
  messages: MessageTree;
}

/** Finds the language layout's data among a route's matches (each layout id ends in `/layout`). */
export function layoutData(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): LayoutData | undefined {
  const match = matches.find((m) => m?.id.endsWith("/layout"));
  return match?.loaderData as LayoutData | undefined;
}

export function absoluteUrl(path: string): string {
  return `${siteUrl}${path === "/" ? "/" : path}`;
}

interface PageMetaOptions {
  /** Translation keys of the page's title and description. */
  title: MessageKey | string;
  description: MessageKey | string;
  vars?: Vars;
  /** The page's English path; alternates and canonical are built from it. */
  path: string;
  /** Leave a page out of search engines (error pages). */
  noindex?: boolean;
}

/**
 * A page's `<title>`, description, canonical URL and `hreflang` alternates in all five
 * languages plus `x-default`, all absolute.
 */
export function pageMeta(
  matches: readonly ({ id: string; loaderData?: unknown } | undefined)[],
  { title, description, vars, path, noindex }: PageMetaOptions,
): MetaDescriptor[] {
  const data = layoutData(matches);
  if (!data) return [];
  const { lang, messages } = data;
  const pageTitle = translate(messages, title, vars);
  const pageDescription = translate(messages, description, vars);
  const url = absoluteUrl(localizePath(lang, path));
  // Link previews: the wine's own bottle on wine pages, the estate elsewhere (scripts/og-images.ts).
  const wineId = /^\/shop\/([a-z0-9-]+)$/.exec(path)?.[1];
  const image = absoluteUrl(`/og/${wineId && !noindex ? wineId : "estate"}.jpg`);
  const tags: MetaDescriptor[] = [
    { title: pageTitle },
    { name: "description", content: pageDescription },
    { property: "og:title", content: pageTitle },
    { property: "og:description", content: pageDescription },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: ogLocales[lang] },
    { property: "og:site_name", content: translate(messages, "site.name") },
    { property: "og:image", content: image },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: pageTitle },
    { name: "twitter:description", content: pageDescription },
    { name: "twitter:image", content: image },
  ];
  if (noindex) return [...tags, { name: "robots", content: "noindex" }];
  return [
    ...tags,
    { property: "og:url", content: url },
    { tagName: "link", rel: "canonical", href: url },
    ...languages.map((code) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: languageTags[code],
      href: absoluteUrl(localizePath(code, path)),
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: absoluteUrl(path) },
  ];
}
