import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newsItemSchema } from "../../../content/schemas/news";
import { siteSchema } from "../../../content/schemas/site";
import { youtubeEmbedUrl } from "../../../content/schemas/youtube";
import { content } from "#content";
import { StoryChapters } from "~/components/story/story-chapters";
import type { StoryChapterView } from "~/components/story/views";
import { storyView } from "~/components/story/views.server";
import { RichText } from "~/components/ui/rich-text";
import { I18nProvider, Message } from "~/lib/i18n/context";
import type { Picture } from "~/lib/images";

/**
 * A translation or content value that holds markup, event handlers or `javascript:` URLs is
 * never rendered as markup: Lingui's tag formatter gives the terroir paragraph only bare
 * `<strong>` and `<em>`, a sentence with a link only the link the code gives, and every other
 * string reaches the page as escaped text.
 */

// Lingui reports each tag a message uses that the code does not give; hostile input has many.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Pieces attackers and careless editors put in text, to be combined at random. */
const hostilePieces = [
  "<script>alert(1)</script>",
  "<script src=//evil.example/x.js></script>",
  "</script><script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  "<img src=x onerror=alert(1)//",
  "onerror=",
  " onload=alert(1) ",
  '<a href="javascript:alert(1)">x</a>',
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  '<strong onclick="alert(1)">',
  '<strong style="x">',
  "<strong>",
  "</strong>",
  "<em>",
  "</em>",
  "<b>",
  "<i>",
  "<br>",
  "<br/>",
  "<br onload=alert(1)>",
  "</br>",
  "<svg/onload=alert(1)>",
  '<iframe srcdoc="<script>alert(1)</script>">',
  '<math><mi xlink:href="javascript:alert(1)">',
  "<base href=//evil.example>",
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  "<style>*{}</style>",
  "<form action=//evil.example><input onfocus=alert(1) autofocus>",
  "&lt;script&gt;alert(1)&lt;/script&gt;",
  "&#60;script&#62;",
  "&#x3C;img src=x onerror=alert(1)&#x3E;",
  "&amp;lt;",
  "&quot;",
  "<!--",
  "-->",
  "<![CDATA[",
  "]]>",
  "<<strong>script>",
  "<scr<em>ipt>",
  "<STRONG>",
  "< strong>",
  "<strong/>",
  "<b\n>",
  '"',
  "'",
  "`",
  "<",
  ">",
  "{{hectares}}",
  "\u0000",
  "\u2028",
];

const hostileText = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hostilePieces) }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) }), {
    minLength: 1,
    maxLength: 12,
  })
  .map((pieces) => pieces.join(""));

const inlineTag = /^<\/?(strong|em)>$/;

/** A content text as a loader hands it over: one literal run, among the page's messages. */
const richMessages = (text: string) => ({ "content.test.0": [text] });

/** Every literal tag in rendered markup (React writes `<` in text as `&lt;`, so each `<` opens one). */
const tagsOf = (html: string) => html.match(/<[^>]*>?/g) ?? [];

/**
 * Elements and attributes that could run code or leave the site. React writes every attribute
 * value in double quotes with `"` escaped, so the attributes of a tag read unambiguously.
 */
function dangerousAttributes(html: string): string[] {
  const found: string[] = [];
  for (const tag of tagsOf(html)) {
    const name = /^<\/?([a-zA-Z][\w:-]*)/.exec(tag)?.[1]?.toLowerCase();
    if (name && ["script", "iframe", "object", "embed", "base", "meta", "form", "style", "link", "svg", "math"].includes(name)) found.push(tag);
    for (const [, attribute, value = ""] of tag.matchAll(/\s([^\s=/>"]+)(?:="([^"]*)")?/g)) {
      if (/^on/i.test(attribute!)) found.push(`${attribute} in ${tag}`);
      if (
        /^(href|src|srcset|action|formaction|xlink:href|poster|data)$/i.test(attribute!) &&
        /^\s*(javascript|vbscript|data):/i.test(value.replaceAll("&amp;", "&"))
      ) {
        found.push(`${attribute}=${value} in ${tag}`);
      }
    }
  }
  return found;
}

describe("RichText with hostile content", () => {
  it("produces only bare <strong> and <em>, whatever the text", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const html = renderToStaticMarkup(
          <I18nProvider lang="en" messages={richMessages(text)}>
            <RichText id="content.test.0" />
          </I18nProvider>,
        );
        expect(tagsOf(html).filter((tag) => !inlineTag.test(tag))).toEqual([]);
        expect(html).not.toMatch(/<script/i);
      }),
      { numRuns: 2000 },
    );
  });

  it("keeps what it refuses visible as text", () => {
    const html = renderToStaticMarkup(
      <I18nProvider lang="en" messages={richMessages('<img src=x onerror="alert(1)"><a href="javascript:alert(1)">x</a>')}>
        <RichText id="content.test.0" />
      </I18nProvider>,
    );
    expect(html).toBe("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;a href=&quot;javascript:alert(1)&quot;&gt;x&lt;/a&gt;");
  });
});

/** A placeholder picture: only its attributes matter here. */
const picture: Picture = { sources: { avif: "/assets/scene.avif 800w" }, img: { src: "/assets/scene.jpg", w: 800, h: 600 } };

/** The story's three chapters with every text replaced by `value`, as a careless or hostile editor could write them. */
function hostileStory(value: string): { chapters: StoryChapterView[]; messages: Record<string, string[]> } {
  const messages: Record<string, string[]> = {};
  const chapters = (["royal", "terroir", "philosophy"] as const).map((id) => {
    const paragraphs = [0, 1].map((index) => {
      messages[`content.story.${id}.${index}`] = [value];
      return `content.story.${id}.${index}`;
    });
    return {
      id,
      eyebrow: value,
      title: value,
      paragraphs,
      photos: [
        { image: picture, alt: value },
        { image: picture, alt: value },
      ] as StoryChapterView["photos"],
    };
  });
  return { chapters, messages };
}

describe("the story page's terroir paragraph (the one HTML-rendered text)", () => {
  it("renders a hostile translation without a script, an event handler or a javascript: link, on the whole page section", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const story = hostileStory(text);
        const html = renderToStaticMarkup(
          <I18nProvider lang="fr" messages={story.messages}>
            <StoryChapters chapters={story.chapters} />
          </I18nProvider>,
        );
        const paragraph = /<p data-testid="terroir-html">([\s\S]*?)<\/p>/.exec(html)?.[1];
        expect(paragraph, "the terroir paragraph").toBeDefined();
        expect(tagsOf(paragraph!).filter((tag) => !inlineTag.test(tag))).toEqual([]);
        // Every other string of the section (titles, paragraphs, image alt texts) is text too.
        expect(dangerousAttributes(html)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("still renders the real emphasis of the real content", () => {
    // Unit tests run without the image pipeline: the photos are placeholders, the text is the real French story.
    const story = storyView(content, "fr");
    const chapters = story.chapters.map((chapter): StoryChapterView => ({
      ...chapter,
      photos: [
        { image: picture, alt: chapter.photos[0].alt },
        { image: picture, alt: chapter.photos[1].alt },
      ],
    }));
    const html = renderToStaticMarkup(
      <I18nProvider lang="fr" messages={story.messages}>
        <StoryChapters chapters={chapters} />
      </I18nProvider>,
    );
    const paragraph = /<p data-testid="terroir-html">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "";
    expect(paragraph).toMatch(/<(strong|em)>/);
    expect(tagsOf(paragraph).filter((tag) => !inlineTag.test(tag))).toEqual([]);
  });
});

describe("sentences with links inside (Message)", () => {
  it("puts only the given elements in; the translated text around them stays text", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const translation = [`${text} <terms>Terms</terms> ${text}`];
        const html = renderToStaticMarkup(
          <I18nProvider lang="en" messages={{ "ageGate.agreement": translation }}>
            <Message id="ageGate.agreement" components={{ terms: <a href="/terms" /> }} />
          </I18nProvider>,
        );
        expect(tagsOf(html).filter((tag) => tag !== '<a href="/terms">' && tag !== "</a>")).toEqual([]);
        expect(html).toContain('<a href="/terms">Terms</a>');
      }),
      { numRuns: 1000 },
    );
  });
});

describe("raw HTML in the app", () => {
  it("is set in two places only, each from a constant script of our own", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory() && entry.name !== "__tests__") walk(path);
        else if (/\.(ts|tsx)$/.test(entry.name)) files.push(path);
      }
    };
    walk(new URL("../../", import.meta.url).pathname);
    const uses = files.flatMap((file) =>
      [
        ...readFileSync(file, "utf8").matchAll(
          /dangerouslySetInnerHTML=\{\{\s*__html:\s*([^}]+)\}\}|\.innerHTML\s*=|insertAdjacentHTML|document\.write|new Function|\beval\(/g,
        ),
      ].map((match) => `${file.replace(/.*\/app\//, "app/")}: ${match[1]?.trim() ?? match[0]}`),
    );
    expect(uses.sort()).toEqual(["app/components/layout/age-gate.tsx: ageGateScript", "app/root.tsx: headScript"]);
  });
});

describe("outside links in content", () => {
  const hostileUrls = [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "http://www.instagram.com/x",
    "//evil.example/x",
    "https://",
  ];

  it("refuses anything but an https:// address, in site.json and in news", () => {
    const { site } = content;
    const { id: _id, ...item } = content.news.find((news) => news.externalLink && news.linkLabel)!;
    expect(newsItemSchema.safeParse(item).success, "a real news item with its link").toBe(true);
    for (const url of hostileUrls) {
      expect(siteSchema.safeParse({ ...site, social: { ...site.social, instagram: url } }).success, url).toBe(false);
      expect(siteSchema.safeParse({ ...site, mapEmbedUrl: url }).success, url).toBe(false);
      expect(newsItemSchema.safeParse({ ...item, externalLink: url, youtubeVideo: undefined }).success, url).toBe(false);
    }
    expect(siteSchema.safeParse(site).success).toBe(true);
  });

  it("embeds a video only from an 11-character YouTube id, whatever the link holds", () => {
    for (const link of [
      ...hostileUrls,
      'https://www.youtube.com/watch?v=abc"onload=x',
      "https://www.youtube.com/watch?v=javascript:1",
      "https://youtube.evil.example/watch?v=Lsc0urs2026",
    ]) {
      expect(youtubeEmbedUrl(link), link).toBeUndefined();
    }
    expect(youtubeEmbedUrl("https://www.youtube.com/watch?v=Lsc0urs2026")).toBe("https://www.youtube-nocookie.com/embed/Lsc0urs2026");
  });
});
