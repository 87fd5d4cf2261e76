import type { MetaDescriptor } from "react-router";
import { languages, languageTags, ogLocales, type Language } from "#core/languages";
import { createTranslator, type MessageValues } from "#core/i18n";
import type { MessageId } from "#locales";
import { localizePath } from "#core/paths";
import { pageMessagesOf, withPageMessages, type PackedMessages } from "./i18n/packed-messages";
import { isLayoutRoute } from "./route-ids";
import type { SiteView } from "./site";

/** The public origin, for canonical and alternate URLs. Set `SITE_URL` at build. */
const siteUrl: string = (import.meta.env.VITE_SITE_URL || "http://localhost:3000").replace(/\/$/, "");

type Matches = readonly ({ id: string; loaderData?: unknown } | undefined)[];

/** What the language layout's loader gives every page (app/routes/language-layout.tsx). */
interface LayoutData {
  lang: Language;
  messages: PackedMessages;
  site: Pick<SiteView, "names">;
}

const layoutData = (matches: Matches) => matches.find((m) => m !== undefined && isLayoutRoute(m.id))?.loaderData as LayoutData | undefined;

/**
 * The page's language and messages: the language layout's (app/lib/route-ids.ts) and
 * the page's own, as the layout merges them for the components.
 */
function pageTranslator(matches: Matches) {
  const layout = layoutData(matches);
  if (!layout) return undefined;
  return createTranslator(layout.lang, withPageMessages(layout.messages, pageMessagesOf(matches)));
}

function absoluteUrl(path: string): string {
  return `${siteUrl}${path === "/" ? "/" : path}`;
}

interface PageMetaOptions {
  /** Message ids of the page's title and description. */
  title: MessageId;
  description: MessageId;
  vars?: MessageValues;
  /** The page's English path; alternates and canonical are built from it. */
  path: string;
  /** Leave a page out of search engines (error pages). */
  noindex?: boolean;
  /** The page's own title and description, written by the editor for search engines: they replace the catalog's. */
  written?: { title?: string; description?: string };
}

/**
 * A page's `<title>`, description, canonical URL and `hreflang` alternates in all five
 * languages plus `x-default`, all absolute.
 */
export function pageMeta(matches: Matches, { title, description, vars, path, noindex, written }: PageMetaOptions): MetaDescriptor[] {
  const translator = pageTranslator(matches);
  if (!translator) return [];
  const { lang, t } = translator;
  // Titles and descriptions name the estate as the page's language does (莱斯库尔隐庐酒庄 in Chinese).
  const names = layoutData(matches)?.site.names;
  const values = { estate: names?.estate ?? "", sisterEstate: names?.sisterEstate ?? "", ...vars };
  const pageTitle = written?.title ?? t(title, values);
  const pageDescription = written?.description ?? t(description, values);
  const url = absoluteUrl(localizePath(lang, path));
  // Link previews: the wine's own bottle on wine pages, the estate elsewhere (pipeline/og-images.ts).
  const wineId = /^\/shop\/([a-z0-9-]+)$/.exec(path)?.[1];
  const image = absoluteUrl(`/og/${wineId && !noindex ? wineId : "estate"}.jpg`);
  const tags: MetaDescriptor[] = [
    { title: pageTitle },
    { name: "description", content: pageDescription },
    { property: "og:title", content: pageTitle },
    { property: "og:description", content: pageDescription },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: ogLocales[lang] },
    { property: "og:site_name", content: t("site.name") },
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
