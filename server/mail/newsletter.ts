/**
 * A newsletter issue as one subscriber reads it: a document in their language (the English version
 * where the issue has none in theirs), then the e-mail made of it, with the RFC 8058 one-click
 * unsubscribe headers (RFC 2369 `List-Unsubscribe` with the subscriber's own HTTPS link, and
 * `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, which mail providers POST to the link from
 * their servers: server/api/newsletter.tsx takes it).
 *
 * The document has the shape of the site's other e-mails' documents (blocks of text, a picture,
 * links with a button, small print), so that the HTML layout of the estate's e-mails renders it as
 * it renders them once the outbox carries an HTML part; until then the e-mail is its plain-text
 * rendering (`documentText`), which carries every word and address of it.
 */
import { content } from "#content";
import { localNames } from "#content/names";
import { textIn } from "#content/text";
import { defaultLanguage, isLanguage, languageTags, type Language } from "#core/languages";
import { localizePath, pagePaths, winePath } from "#core/paths";
import { translator } from "#locales";
import { winePriceWithTax, wineTitle } from "#presentation/wine-format";
import { formatPrice } from "#core/format";
import { bodySafe, headerSafe, siteLink, unsubscribePath, type OutgoingMail } from "./compose";

/** What an issue says (server/db/newsletter.ts `NewsletterContent`). */
export interface IssueText {
  subject: Partial<Record<Language, string>>;
  body: Partial<Record<Language, string>>;
  picture: { scene: string; alt: Partial<Record<Language, string>> } | null;
  wines: readonly string[];
  tours: readonly string[];
}

/** One part of a newsletter's body, in the order it is read. */
export type NewsletterBlock =
  /** A paragraph. */
  | { kind: "text"; text: string }
  /** A picture with its description. */
  | { kind: "picture"; url: string; alt: string }
  /** A wine or a tour: what it is, a button to it in an HTML part, the address in the text. */
  | { kind: "action"; intro: string; button: string; url: string }
  /** Small print: why the reader gets it, how to stop. */
  | { kind: "small"; text: string };

/** An issue as one reader reads it. */
export interface NewsletterDocument {
  lang: Language;
  estate: string;
  subject: string;
  /** The line mail programs show beside the subject: the body's first words. */
  preview: string;
  blocks: NewsletterBlock[];
  /** Who sends it, and the site. */
  signature: string[];
  /** Why the reader gets it and how to stop, with the address to stop at. */
  footer: NewsletterBlock[];
}

/** The language an issue is read in by a subscriber of `language`: theirs when the issue has it, else English. */
export function readingLanguage(issue: IssueText, language: string): Language {
  const lang = isLanguage(language) ? language : defaultLanguage;
  return issue.subject[lang]?.trim() && issue.body[lang]?.trim() ? lang : defaultLanguage;
}

/** Where the picture of an issue is served to mail programs (server/api/newsletter-pictures.ts). */
export const newsletterPicturePath = (scene: string) => `/api/newsletter/pictures/${scene}.jpg`;

/** The document of an issue in a language, with the reader's unsubscribe address (or a test's note without one). */
export function newsletterDocument(issue: IssueText, lang: Language, siteUrl: string, unsubscribeUrl: string | null): NewsletterDocument {
  const { t } = translator(lang);
  const i18n = { lang, tag: languageTags[lang], t };
  const estate = localNames(content.site, lang).estate;
  const absolute = (path: string) => new URL(path, siteUrl).toString();
  const paragraphs = bodySafe(issue.body[lang] ?? "")
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  const blocks: NewsletterBlock[] = paragraphs.map((text) => ({ kind: "text", text }));
  if (issue.picture) {
    const alt = issue.picture.alt[lang] ?? issue.picture.alt[defaultLanguage] ?? "";
    blocks.splice(Math.min(1, blocks.length), 0, { kind: "picture", url: absolute(newsletterPicturePath(issue.picture.scene)), alt });
  }
  for (const id of issue.wines) {
    const wine = content.wines.find((candidate) => candidate.id === id);
    if (!wine) continue;
    blocks.push({ kind: "action", intro: t("mail.newsletter.wine", { wine: wineTitle(wine), price: winePriceWithTax(i18n, wine) }), button: t("mail.newsletter.wineButton"), url: absolute(localizePath(lang, winePath(id))) });
  }
  for (const id of issue.tours) {
    const tour = content.tours.packages.find((candidate) => candidate.id === id);
    if (!tour) continue;
    blocks.push({
      kind: "action",
      intro: t("mail.newsletter.tour", { tour: textIn(tour.title, lang), price: formatPrice(tour.price, lang) }),
      button: t("mail.newsletter.tourButton"),
      url: absolute(localizePath(lang, pagePaths.wineTours)),
    });
  }
  const footer: NewsletterBlock[] = [{ kind: "small", text: t("mail.newsletter.why", { estate }) }];
  footer.push(unsubscribeUrl ? { kind: "action", intro: t("mail.newsletter.unsubscribe"), button: t("mail.newsletter.unsubscribeButton"), url: unsubscribeUrl } : { kind: "small", text: t("mail.newsletter.testNote") });
  return {
    lang,
    estate,
    subject: headerSafe(issue.subject[lang] ?? ""),
    preview: (paragraphs[0] ?? "").slice(0, 120),
    blocks,
    signature: [`— ${estate}`, absolute(localizePath(lang, "/"))],
    footer,
  };
}

/** A block as plain text. */
function blockText(block: NewsletterBlock, lang: Language): string {
  switch (block.kind) {
    case "text":
    case "small":
      return block.text;
    case "picture":
      return `${translator(lang).t("mail.newsletter.picture", { alt: block.alt })}\n${block.url}`;
    case "action":
      return `${block.intro}\n${block.url}`;
  }
}

/** The plain-text part of a document: every word and every address of it. */
export function documentText(document: NewsletterDocument): string {
  const parts = [document.estate, ...document.blocks.map((block) => blockText(block, document.lang)), document.signature.join("\n"), ...document.footer.map((block) => blockText(block, document.lang))];
  return `${parts.join("\n\n")}\n`;
}

/** The list's identifier (RFC 2919), from the site's host: mail programs group the issues by it. */
export const listId = (siteUrl: string) => `<newsletter.${new URL(siteUrl).hostname}>`;

/** An issue's e-mail to one subscriber, in their reading language, with their one-click unsubscribe link. */
export function composeNewsletterMail(issue: IssueText, subscriber: { email: string; language: string; unsubscribeToken: string }, siteUrl: string): { language: Language; mail: OutgoingMail } {
  const language = readingLanguage(issue, subscriber.language);
  const unsubscribeUrl = siteLink(siteUrl, unsubscribePath, subscriber.unsubscribeToken);
  const document = newsletterDocument(issue, language, siteUrl, unsubscribeUrl);
  return {
    language,
    mail: {
      kind: "newsletter",
      to: headerSafe(subscriber.email, 254),
      replyTo: null,
      subject: document.subject,
      text: documentText(document),
      headers: {
        "List-Unsubscribe": `<${unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "List-Id": listId(siteUrl),
        "Content-Language": languageTags[language],
      },
    },
  };
}

/** A test of an issue sent to a staff member, in the language they chose: the subject says it is a test, and no unsubscribe link. */
export function composeNewsletterTest(issue: IssueText, language: Language, to: string, siteUrl: string): OutgoingMail {
  const document = newsletterDocument(issue, readingLanguage(issue, language), siteUrl, null);
  return {
    kind: "newsletter-test",
    to: headerSafe(to, 254),
    replyTo: null,
    subject: headerSafe(translator(document.lang).t("mail.newsletter.testSubject", { subject: document.subject })),
    text: documentText(document),
    headers: { "Content-Language": languageTags[document.lang] },
  };
}
