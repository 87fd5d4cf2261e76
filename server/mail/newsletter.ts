/**
 * A newsletter issue as one subscriber reads it: a document in their language (the English version
 * where the issue has none in theirs), rendered like every e-mail of the estate (./layout.tsx: the
 * HTML part with the logo, the picture, a button to each wine and tour; the plain-text part with
 * every word and address), with the RFC 8058 one-click unsubscribe headers (RFC 2369
 * `List-Unsubscribe` with the subscriber's own HTTPS link, and `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click`, which mail providers POST to the link from their servers:
 * server/api/newsletter.tsx takes it) and the same link in the small print.
 */
import type { Content } from "#content";
import { formatPrice } from "#core/format";
import { defaultLanguage, isLanguage, languages, languageTags, type Language } from "#core/languages";
import { apiPaths, localizePath, pagePaths, winePath } from "#core/paths";
import { translator } from "#locales";
import { winePriceWithTax } from "#presentation/wine-format";
import type { OutgoingMail } from "#core/mail";
import type { ContentStore } from "../content-store";
import { uploadPattern } from "../pictures";
import { bodySafe, headerSafe, siteLink, type EstateFacts } from "./compose";
import { healthLines, renderMail, type MailBlock, type MailDocument, type MailFooterLine } from "./layout";
import { outgoingMail } from "./outgoing";
import { wineNameForMail } from "./wine-name";

/** What an issue says (server/db/newsletter.ts `NewsletterContent`). */
export interface IssueText {
  subject: Partial<Record<Language, string>>;
  body: Partial<Record<Language, string>>;
  picture: IssuePicture | null;
  wines: readonly string[];
  tours: readonly string[];
  /** Buttons of the staff's own: an address and its words per language. */
  links: readonly { url: string; label: Partial<Record<Language, string>> }[];
}

/** An issue's picture: a scene of the site, or a photograph uploaded for it (`upload-…`) with where it is cut. */
interface IssuePicture {
  scene: string;
  alt: Partial<Record<Language, string>>;
  focus?: { x: number; y: number };
  zoom?: number;
}

/** What an issue's e-mail says of the estate, and the wines and tours it links to, as the live content says them. */
export type NewsletterFacts = EstateFacts & Pick<Content, "wines" | "tours" | "site">;

/** The newsletter's facts as the content store has them now (a publish changes them with no restart). */
export function newsletterFacts(store: ContentStore, siteUrl: string): NewsletterFacts {
  const { wines, tours, site } = store.current;
  return { ...store.estateFacts(), siteUrl, tourName: (id, lang) => store.tourName(id, lang), wines, tours, site };
}

/** An issue as one reader reads it: an e-mail's document, with its subject. */
export interface NewsletterDocument extends MailDocument {
  subject: string;
}

/** The languages an issue is written in (subject and text), in the site's order. */
export const writtenLanguages = (issue: Pick<IssueText, "subject" | "body">): Language[] =>
  languages.filter((lang) => issue.subject[lang]?.trim() && issue.body[lang]?.trim());

/**
 * The language a subscriber of `language` reads an issue in: theirs when the issue has it, else
 * English when it has that; else none (the issue is not sent to them: server/db/newsletter.ts).
 */
export function readingLanguage(issue: Pick<IssueText, "subject" | "body">, language: string): Language | null {
  const written = writtenLanguages(issue);
  const lang = isLanguage(language) ? language : defaultLanguage;
  return written.includes(lang) ? lang : written.includes(defaultLanguage) ? defaultLanguage : null;
}

/** The subscribers' languages an issue goes to: those it is written in, and every language when it has an English version. */
export const audienceOf = (issue: Pick<IssueText, "subject" | "body">): Language[] => languages.filter((lang) => readingLanguage(issue, lang) !== null);

/**
 * The name a picture is served under to mail programs (server/api/newsletter-pictures.ts): a scene's
 * own, or an uploaded photograph's with where it is cut (`upload-…-250-400-150`: the focus in
 * thousandths, the zoom in hundredths), so a new framing is a new address no cache holds.
 */
function newsletterPictureName(picture: IssuePicture): string {
  if (!uploadPattern.test(picture.scene)) return picture.scene;
  const focus = picture.focus ?? { x: 0.5, y: 0.5 };
  return `${picture.scene}-${Math.round(focus.x * 1000)}-${Math.round(focus.y * 1000)}-${Math.round((picture.zoom ?? 1) * 100)}`;
}

/** An uploaded photograph's cut, read back from its served name; null for a scene's name. */
export function uploadCutOf(name: string): { upload: string; framing: { focus: { x: number; y: number }; zoom: number } } | null {
  const match = /^(upload-[0-9a-f]{16})-(\d{1,4})-(\d{1,4})-(\d{3})$/.exec(name);
  if (!match) return null;
  const [x, y, zoom] = [Number(match[2]) / 1000, Number(match[3]) / 1000, Number(match[4]) / 100];
  if (x > 1 || y > 1 || zoom < 1 || zoom > 4) return null;
  return { upload: match[1]!, framing: { focus: { x, y }, zoom } };
}

/** Where the picture of an issue is served to mail programs (server/api/newsletter-pictures.ts). */
const newsletterPicturePath = (picture: IssuePicture) => `${apiPaths.newsletterPictures}/${newsletterPictureName(picture)}.jpg`;

/** The document of an issue in a language, with the reader's unsubscribe address (or a test's note without one). */
export function newsletterDocument(issue: IssueText, lang: Language, facts: NewsletterFacts, unsubscribeUrl: string | null): NewsletterDocument {
  const { t } = translator(lang);
  const i18n = { lang, tag: languageTags[lang], t };
  const estate = facts.estateNames[lang];
  const absolute = (path: string) => new URL(path, facts.siteUrl).toString();
  const paragraphs = bodySafe(issue.body[lang] ?? "")
    .split(/\n\s*\n/)
    .map((text) => text.trim())
    .filter(Boolean);
  const blocks: MailBlock[] = paragraphs.map((text) => ({ kind: "text", text }));
  if (issue.picture) {
    const alt = issue.picture.alt[lang] ?? issue.picture.alt[defaultLanguage] ?? "";
    // After the first paragraph: the words say what the letter is about before the picture shows it.
    blocks.splice(Math.min(1, blocks.length), 0, {
      kind: "picture",
      url: absolute(newsletterPicturePath(issue.picture)),
      alt,
      text: t("mail.newsletter.picture", { alt }),
    });
  }
  for (const id of issue.wines) {
    const wine = facts.wines.find((candidate) => candidate.id === id);
    if (!wine) continue;
    blocks.push({
      kind: "action",
      intro: t("mail.newsletter.wine", { wine: wineNameForMail(facts.site, wine, lang), price: winePriceWithTax(i18n, wine) }),
      button: t("mail.newsletter.wineButton"),
      url: absolute(localizePath(lang, winePath(id))),
    });
  }
  for (const id of issue.tours) {
    const tour = facts.tours.packages.find((candidate) => candidate.id === id);
    if (!tour) continue;
    blocks.push({
      kind: "action",
      intro: t("mail.newsletter.tour", { tour: facts.tourName(id, lang), price: formatPrice(tour.price, lang) }),
      button: t("mail.newsletter.tourButton"),
      url: absolute(localizePath(lang, pagePaths.wineTours)),
    });
  }
  // The staff's own buttons, with their words in this language (an issue is sent only with them: server/admin/newsletter/issue.ts).
  for (const link of issue.links) {
    const label = link.label[lang] ?? link.label[defaultLanguage];
    if (label) blocks.push({ kind: "action", button: label, url: link.url });
  }
  // It sells wine: the health line every alcohol advertisement carries (CSP L. 3323-4), then why it came.
  const footer: MailFooterLine[] = [
    ...healthLines(lang).map((text) => ({ text })),
    { text: t("mail.newsletter.why", { estate }) },
    unsubscribeUrl
      ? { text: t("mail.newsletter.unsubscribe"), link: { label: t("mail.newsletter.unsubscribeButton"), url: unsubscribeUrl } }
      : { text: t("mail.newsletter.testNote") },
  ];
  return {
    lang,
    estate,
    subject: headerSafe(issue.subject[lang] ?? ""),
    preview: (paragraphs[0] ?? "").slice(0, 120),
    greeting: null,
    blocks,
    closing: [],
    // The estate's address, phone, e-mail, and the site in the reader's language.
    signature: [facts.address[lang], facts.estatePhone, facts.estateEmail, absolute(localizePath(lang, "/"))],
    footer,
  };
}

/** The list's identifier (RFC 2919), from the site's host: mail programs group the issues by it. */
const listId = (siteUrl: string) => `<newsletter.${new URL(siteUrl).hostname}>`;

/** An issue's e-mail to one subscriber, in their reading language, with their one-click unsubscribe link. */
export function composeNewsletterMail(
  issue: IssueText,
  subscriber: { email: string; language: string; unsubscribeToken: string },
  facts: NewsletterFacts,
): { language: Language; mail: OutgoingMail } {
  const { siteUrl } = facts;
  // A subscriber of a language the issue has no version in is not sent it; English is the last resort.
  const language = readingLanguage(issue, subscriber.language) ?? defaultLanguage;
  const unsubscribeUrl = siteLink(siteUrl, apiPaths.newsletterUnsubscribe, subscriber.unsubscribeToken);
  const document = newsletterDocument(issue, language, facts, unsubscribeUrl);
  const { text, html } = renderMail(document);
  return {
    language,
    mail: outgoingMail({
      kind: "newsletter",
      to: headerSafe(subscriber.email, 254),
      replyTo: null,
      subject: document.subject,
      text,
      html,
      headers: {
        "List-Unsubscribe": `<${unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "List-Id": listId(siteUrl),
        "Content-Language": languageTags[language],
      },
    }),
  };
}

/**
 * A test of an issue sent to a staff member, in the language they chose (or, where it has no
 * version in that language, the one a subscriber of it reads, else the first written): the subject
 * says it is a test, and no unsubscribe link.
 */
export function composeNewsletterTest(issue: IssueText, language: Language, to: string, facts: NewsletterFacts): OutgoingMail {
  const document = newsletterDocument(issue, readingLanguage(issue, language) ?? writtenLanguages(issue)[0] ?? language, facts, null);
  const { text, html } = renderMail(document);
  return outgoingMail({
    kind: "newsletter-test",
    to: headerSafe(to, 254),
    replyTo: null,
    subject: headerSafe(translator(document.lang).t("mail.newsletter.testSubject", { subject: document.subject })),
    text,
    html,
    headers: { "Content-Language": languageTags[document.lang] },
  });
}
