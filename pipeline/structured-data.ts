/**
 * Structured data (JSON-LD) for each prerendered page, computed at build from the content files
 * and the page's language, and written into the page's <head> by pipeline/postbuild.ts. Nothing
 * of it reaches the visitor's JavaScript.
 */
import type { Event, NewsArticle, Product, Review, WithContext, Winery } from "schema-dts";
import type { Content, Wine } from "#content";
import { localNames, wineNameIn } from "#content/names";
import { optionalTextIn, textIn } from "#content/text";
import { formatBlend, ratingQuote, wineTitle } from "#presentation/wine-format";
import { languages, languageTags, type Language } from "#core/languages";
import { translator } from "#locales";
import { localizePath, pagePaths, winePath } from "#core/paths";
import { euCountries } from "#core/countries";

export interface StructuredDataContext {
  /** The content the page was drawn from (postbuild: the folder the build read, #content). */
  content: Content;
  lang: Language;
  /** The page's English path. */
  path: string;
  /** Builds an absolute URL from a path. */
  absolute: (path: string) => string;
  /** Absolute URL of a wine's bottle image, when the build has one. */
  bottleImage?: (wineId: string) => string | undefined;
}

/**
 * A name as the page's language writes it, with the Latin name as its alternate where they differ:
 * the Chinese page names the estate 莱斯库尔隐庐酒庄 and gives "Château L'Hermitage Lescours" too.
 */
function names(local: string, latin: string): { name: string; alternateName?: string } {
  // French sets the same name with its own apostrophe (L’Hermitage): still the Latin name, as site.json writes it.
  return local.replaceAll("’", "'") === latin ? { name: latin } : { name: local, alternateName: latin };
}

function winery({ content: { site }, lang, absolute }: StructuredDataContext): WithContext<Winery> {
  const { address, contact, geo, social } = site;
  const local = localNames(site, lang);
  return {
    "@context": "https://schema.org",
    "@type": "Winery",
    "@id": absolute("/#winery"),
    ...names(local.estate, site.estateName),
    url: absolute(localizePath(lang, "/")),
    description: translator(lang).t("site.tagline"),
    email: contact.email,
    telephone: contact.phone,
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      postalCode: address.postalCode,
      addressLocality: address.locality,
      addressCountry: address.countryCode,
    },
    geo: { "@type": "GeoCoordinates", latitude: geo.latitude, longitude: geo.longitude },
    contactPoint: [
      {
        "@type": "ContactPoint",
        contactType: "customer service",
        email: contact.email,
        telephone: contact.phone,
        availableLanguage: languages.map((code) => languageTags[code]),
      },
      { "@type": "ContactPoint", contactType: "sales", email: contact.tradeEmail },
      { "@type": "ContactPoint", contactType: "reservations", email: contact.villaEmail },
    ],
    sameAs: [social.instagram, social.facebook, social.linkedin],
    subOrganization: {
      "@type": "Winery",
      ...names(local.sisterEstate, site.sisterEstate.name),
      url: site.sisterEstate.url,
    },
  };
}

/** "94/100" → 94 of 100; "17.5/20" → 17.5 of 20; a medal has no numeric rating. */
export function parseScore(score: string): { value: number; best: number } | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*\/\s*(\d+)$/.exec(score.trim());
  return match ? { value: Number(match[1]), best: Number(match[2]) } : undefined;
}

function product(wine: Wine, { content: { site, grapes }, lang, absolute, bottleImage }: StructuredDataContext): WithContext<Product> {
  const url = absolute(localizePath(lang, winePath(wine.id)));
  const local = localNames(site, lang);
  const reviews: Review[] = wine.ratings.flatMap((rating) => {
    const score = parseScore(rating.score);
    if (!score) return [];
    const quote = ratingQuote(lang, rating);
    return [
      {
        "@type": "Review",
        author: { "@type": "Organization", name: rating.critic },
        reviewRating: { "@type": "Rating", ratingValue: score.value, bestRating: score.best, worstRating: 0 },
        ...(quote ? { reviewBody: quote } : {}),
      },
    ];
  });
  const awards = wine.ratings.filter((rating) => !parseScore(rating.score)).map((rating) => `${rating.score} — ${rating.critic}`);
  const image = bottleImage?.(wine.id);
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    "@id": `${url}#product`,
    // As the page's heading names it (莱斯库尔隐庐酒庄 2020 on the Chinese page), the Latin name beside it.
    ...names(wineTitle({ name: wineNameIn(site, wine, lang), vintage: wine.vintage }), wineTitle(wine)),
    sku: wine.id,
    url,
    ...(image ? { image } : {}),
    description: optionalTextIn(wine.seo?.description, lang) ?? textIn(wine.tastingNotes, lang),
    brand: { "@type": "Brand", ...names(local.estate, site.estateName) },
    category: "Wine",
    additionalProperty: [
      { "@type": "PropertyValue", name: "Vintage", value: wine.vintage },
      { "@type": "PropertyValue", name: "Alcohol by volume", value: wine.abv },
      // The blend and the appellation as the page's language writes them (梅洛 80%…, 圣埃美隆特级园 on the Chinese page).
      { "@type": "PropertyValue", name: "Blend", value: formatBlend({ lang, tag: languageTags[lang], t: translator(lang).t }, wine.blend, grapes) },
      { "@type": "PropertyValue", name: "Appellation", value: local.appellation },
      { "@type": "PropertyValue", name: "Volume", value: wine.volumeMl, unitCode: "MLT", unitText: "ml" },
    ],
    ...(awards.length > 0 ? { award: awards.join("; ") } : {}),
    ...(reviews.length > 0 ? { review: reviews } : {}),
    offers: {
      "@type": "Offer",
      url,
      price: wine.price.toFixed(2),
      priceCurrency: "EUR",
      availability: "https://schema.org/InStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@id": absolute("/#winery") },
      eligibleRegion: euCountries.map((code) => ({ "@type": "Country", name: code })),
      shippingDetails: {
        "@type": "OfferShippingDetails",
        shippingDestination: euCountries.map((code) => ({ "@type": "DefinedRegion", addressCountry: code })),
      },
    },
  };
}

/** Paris is UTC+1 in winter and UTC+2 from the last Sunday of March to the last Sunday of October. */
export function parisOffset(isoDate: string): string {
  const [year] = isoDate.split("-").map(Number) as [number];
  const lastSunday = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    return new Date(Date.UTC(year, month, last.getUTCDate() - last.getUTCDay()));
  };
  const day = new Date(`${isoDate}T12:00:00Z`);
  return day >= lastSunday(2) && day < lastSunday(9) ? "+02:00" : "+01:00";
}

function events({ content, lang, absolute }: StructuredDataContext): WithContext<Event>[] {
  return content.events.map((event) => {
    const time = event.time ? `T${event.time}:00${parisOffset(event.date)}` : "";
    return {
      "@context": "https://schema.org",
      "@type": "Event",
      // The search-engine fields when the editor gave them (content/schemas/publishing.ts).
      name: optionalTextIn(event.seo?.title, lang) ?? textIn(event.title, lang),
      description: optionalTextIn(event.seo?.description, lang) ?? textIn(event.description, lang),
      startDate: `${event.date}${time}`,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: textIn(event.location, lang) },
      organizer: { "@id": absolute("/#winery") },
      url: absolute(localizePath(lang, pagePaths.events)),
      inLanguage: languageTags[lang],
    };
  });
}

/** Where the build puts a news item's photograph for link previews and search results (./og-images.ts). */
export const newsImagePath = (itemId: string) => `/og/news/${itemId}.jpg`;

/**
 * The other shapes of a news photograph search engines ask for (Google's article data: 16:9, 4:3
 * and 1:1), each cut around the photograph's focus (./og-images.ts); 16:9 is `newsImagePath`.
 */
export const newsImageShapes = { "4x3": [1200, 900], "1x1": [1200, 1200] } as const;
export const newsShapePath = (itemId: string, shape: keyof typeof newsImageShapes) => `/og/news/${itemId}-${shape}.jpg`;

function newsArticles({ content, lang, absolute }: StructuredDataContext): WithContext<NewsArticle>[] {
  const { site } = content;
  return content.news.map((item) => {
    return {
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: optionalTextIn(item.seo?.title, lang) ?? textIn(item.title, lang),
      description: optionalTextIn(item.seo?.description, lang) ?? textIn(item.description, lang),
      articleBody: textIn(item.content, lang),
      datePublished: item.date,
      inLanguage: languageTags[lang],
      url: absolute(`${localizePath(lang, pagePaths.news)}#${item.id}`),
      author: { "@type": "Organization", ...names(localNames(site, lang).estate, site.estateName) },
      publisher: { "@id": absolute("/#winery") },
      // Its own photograph when it has one, in the three shapes search engines ask for (drawn into
      // og/news/ by ./og-images.ts), else the estate's.
      image: item.photo
        ? [newsImagePath(item.id), ...Object.keys(newsImageShapes).map((shape) => newsShapePath(item.id, shape as keyof typeof newsImageShapes))].map(absolute)
        : absolute("/og/estate.jpg"),
      ...(item.externalLink ? { sameAs: item.externalLink } : {}),
    };
  });
}

/** The JSON-LD objects of a page; empty when the page has none. */
export function structuredData(context: StructuredDataContext): object[] {
  const { path } = context;
  if (path === pagePaths.home || path === pagePaths.contact) return [winery(context)];
  if (path === pagePaths.events) return events(context);
  if (path === pagePaths.news) return newsArticles(context);
  const wine = context.content.wines.find((w) => winePath(w.id) === path);
  return wine ? [product(wine, context)] : [];
}

/** Serialises JSON-LD for an inline script: `<` is escaped so no value can close the script. */
export function jsonLdScript(data: object): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;
}
