/**
 * Every e-mail the site sends, as one document rendered twice: an HTML part built with React
 * Email's components (tables and inline styles that mail programs draw alike, a column that
 * narrows on a phone) and a plain-text part that carries every word and every address of it. The
 * estate's name and small logo head both; its closing words, address, phone, e-mail and website
 * end both.
 *
 * The HTML is rendered with React DOM's synchronous `renderToStaticMarkup`, not React Email's
 * `render` (which streams, and so is async): an e-mail is written inside the database transaction
 * that queues it with the change it tells of (better-sqlite3 transactions are synchronous).
 */
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Row } from "@react-email/row";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { languageTags, scriptOf, type Language } from "#core/languages";
import { translator } from "#locales";

/** The address the HTML names the logo by; the sender attaches the picture under it (./sender.ts). */
export const logoCid = "estate-logo@hermitage-lescours";

/** One part of an e-mail's body, in the order it is read. */
export type MailBlock =
  /** A paragraph; its line breaks are kept. */
  | { kind: "text"; text: string }
  /** Facts one a line, set apart (the visit's day and time, the tour, the group, the address). */
  | { kind: "facts"; lines: readonly string[] }
  /** A sentence leading to an address (none: the button's words say it), a button for it in the HTML; the address on its own line in the text. */
  | { kind: "action"; intro?: string; button: string; url: string }
  /** Words someone wrote (the estate's reason, a staff member's reply): kept as written. */
  | { kind: "quote"; text: string }
  /** Small print: a reference. */
  | { kind: "small"; text: string }
  /** Links one a line, each named (the wines of a visit, each with its page in the shop); the text part gives each address under its name. */
  | { kind: "links"; links: readonly { label: string; url: string }[] }
  /** A picture from the site, the column's width; in the text part, `text` (which describes it) and its address. */
  | { kind: "picture"; url: string; alt: string; text: string };

/** A line of small print under the signature: why the reader gets the e-mail, and a link to stop. */
export interface MailFooterLine {
  text: string;
  link?: { label: string; url: string };
}

/** An e-mail as it is read, in one language. */
export interface MailDocument {
  lang: Language;
  /** The estate's name in that language: the head of the e-mail. */
  estate: string;
  /** The line mail programs show beside the subject. */
  preview: string;
  greeting: string | null;
  blocks: readonly MailBlock[];
  /** The closing words and who signs ("Kind regards," "The team at …"); none when the body has them (a staff reply). */
  closing: readonly string[];
  /** How to reach the estate: its address in that language, phone, e-mail, website. */
  signature: readonly string[];
  /** Small print after the signature (a newsletter's reason and unsubscribe link). */
  footer?: readonly MailFooterLine[];
}

const wine = "#4a1526";
const gold = "#8c6a33";
const ink = "#1d1916";
const muted = "#5c534b";

/** The faces mail programs have, per script: the site's own web fonts do not travel in e-mail. */
function fontsFor(lang: Language): { text: string; heading: string } {
  if (scriptOf(lang) === "cjk") {
    const text =
      lang === "ja"
        ? "'Hiragino Sans','Hiragino Kaku Gothic ProN','Yu Gothic','Meiryo','Noto Sans CJK JP','Noto Sans JP',sans-serif"
        : "'PingFang SC','Hiragino Sans GB','Microsoft YaHei','Noto Sans CJK SC','Noto Sans SC',sans-serif";
    return { text, heading: text };
  }
  return { text: "'Helvetica Neue',Helvetica,Arial,sans-serif", heading: "Georgia,'Times New Roman',serif" };
}

/** Text with its line breaks kept, as React elements. */
function lines(text: string): ReactNode[] {
  return text.split("\n").flatMap((line, index) => (index === 0 ? [line] : [<br key={index} />, line]));
}

function Block({ block, style }: { block: MailBlock; style: { text: CSSProperties } }) {
  switch (block.kind) {
    case "text":
      return <Text style={style.text}>{lines(block.text)}</Text>;
    case "facts":
      return (
        <Section style={{ margin: "16px 0", padding: "12px 16px", borderLeft: `3px solid ${gold}`, backgroundColor: "#fbf8f2" }}>
          {block.lines.map((line, index) => (
            <Text key={index} style={{ ...style.text, margin: "2px 0" }}>
              {line}
            </Text>
          ))}
        </Section>
      );
    case "action":
      return (
        <Section style={{ margin: "16px 0" }}>
          {block.intro ? <Text style={style.text}>{block.intro}</Text> : null}
          <Button
            href={block.url}
            style={{ backgroundColor: wine, color: "#fbf8f2", padding: "12px 20px", borderRadius: "2px", fontWeight: 600, fontSize: "16px" }}
          >
            {block.button}
          </Button>
          <Text style={{ ...style.text, fontSize: "13px", color: muted, wordBreak: "break-all" }}>
            <Link href={block.url} style={{ color: wine }}>
              {block.url}
            </Link>
          </Text>
        </Section>
      );
    case "quote":
      return (
        <Text style={{ ...style.text, margin: "12px 0", paddingLeft: "12px", borderLeft: "3px solid #e2d9d0", whiteSpace: "pre-wrap" }}>{block.text}</Text>
      );
    case "small":
      return <Text style={{ ...style.text, fontSize: "13px", color: muted }}>{block.text}</Text>;
    case "links":
      return (
        <Section style={{ margin: "12px 0" }}>
          {block.links.map((link) => (
            <Text key={link.url} style={{ ...style.text, margin: "4px 0" }}>
              <Link href={link.url} style={{ color: wine, textDecoration: "underline" }}>
                {link.label}
              </Link>
            </Text>
          ))}
        </Section>
      );
    case "picture":
      return (
        <Section style={{ margin: "16px 0" }}>
          <Img src={block.url} alt={block.alt} width="518" style={{ display: "block", width: "100%", maxWidth: "518px", height: "auto", border: 0 }} />
        </Section>
      );
  }
}

/** The e-mail's HTML: the estate's head, a white card with the body, the signature under it. */
function MailHtml({ document: mail }: { document: MailDocument }) {
  const fonts = fontsFor(mail.lang);
  const cjk = scriptOf(mail.lang) === "cjk";
  const text: CSSProperties = { margin: "12px 0", color: ink, fontSize: "16px", lineHeight: cjk ? "1.8" : "1.55", fontFamily: fonts.text };
  const [site, ...reversed] = [...mail.signature].reverse();
  const contact = reversed.reverse();
  return (
    <Html lang={languageTags[mail.lang]} dir="ltr">
      <Head />
      <Preview>{mail.preview}</Preview>
      <Body style={{ margin: 0, padding: 0, backgroundColor: "#f5efe3", fontFamily: fonts.text }}>
        <Container style={{ maxWidth: "560px", width: "100%", margin: "0 auto", padding: "20px 12px" }}>
          <Section style={{ padding: "4px 8px 16px" }}>
            <Row>
              <Column style={{ width: "44px", verticalAlign: "middle" }}>
                <Img src={`cid:${logoCid}`} width="36" height="36" alt="" style={{ display: "block", borderRadius: "6px" }} />
              </Column>
              <Column style={{ verticalAlign: "middle" }}>
                <Text
                  style={{ margin: 0, color: wine, fontSize: "20px", lineHeight: "1.3", fontWeight: 600, fontFamily: fonts.heading, wordBreak: "keep-all" }}
                >
                  {mail.estate}
                </Text>
              </Column>
            </Row>
          </Section>
          <Section style={{ backgroundColor: "#ffffff", border: "1px solid #ebe2d0", borderRadius: "4px", padding: "8px 20px 16px" }}>
            {mail.greeting ? <Text style={text}>{mail.greeting}</Text> : null}
            {mail.blocks.map((block, index) => (
              <Block key={index} block={block} style={{ text }} />
            ))}
            {mail.closing.length > 0 ? <Text style={{ ...text, marginTop: "20px" }}>{lines(mail.closing.join("\n"))}</Text> : null}
          </Section>
          <Hr style={{ borderColor: "transparent", margin: "8px 0" }} />
          <Section style={{ padding: "0 8px" }}>
            <Text style={{ ...text, margin: "4px 0", fontSize: "13px", color: muted }}>
              <strong style={{ color: wine }}>{mail.estate}</strong>
              {contact.map((line, index) => (
                <span key={index}>
                  <br />
                  {line}
                </span>
              ))}
              {site ? (
                <>
                  <br />
                  <Link href={site} style={{ color: wine }}>
                    {site}
                  </Link>
                </>
              ) : null}
            </Text>
            {(mail.footer ?? []).map((line, index) => (
              <Text key={index} style={{ ...text, margin: "8px 0", fontSize: "12px", lineHeight: "1.5", color: muted }}>
                {line.text}
                {line.link ? (
                  <>
                    {" "}
                    <Link href={line.link.url} style={{ color: wine, textDecoration: "underline" }}>
                      {line.link.label}
                    </Link>
                  </>
                ) : null}
              </Text>
            ))}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** The plain-text part: the same words and addresses, one paragraph after another. */
function plainText(mail: MailDocument): string {
  const parts: string[] = [];
  if (mail.greeting) parts.push(mail.greeting);
  for (const block of mail.blocks) {
    if (block.kind === "facts") parts.push(block.lines.join("\n"));
    else if (block.kind === "action") parts.push(`${block.intro ?? block.button}\n${block.url}`);
    else if (block.kind === "links") parts.push(block.links.map((link) => `${link.label}\n${link.url}`).join("\n\n"));
    else if (block.kind === "picture") parts.push(`${block.text}\n${block.url}`);
    else parts.push(block.text);
  }
  if (mail.closing.length > 0) parts.push(mail.closing.join("\n"));
  // The estate's name heads its address and phone, as at the foot of the HTML part.
  if (mail.signature.length > 0) parts.push([mail.estate, ...mail.signature].join("\n"));
  // A footer's line reads as in the HTML part, its link's address on the next line.
  for (const line of mail.footer ?? []) parts.push(line.link ? `${line.text} ${line.link.label}\n${line.link.url}` : line.text);
  return `${parts.join("\n\n")}\n`;
}

/**
 * The health line of an e-mail that sells wine (the newsletter, the thank-you e-mail after a
 * visit): the French one the law asks of any alcohol advertising (CSP L. 3323-4), as the site's
 * footer shows it, and in another language its own moderation line under it (the site's words).
 */
export function healthLines(lang: Language): string[] {
  const { t } = translator(lang);
  const french = `${t("footer.healthMessage")}.`;
  const own = t("footer.healthMeaning").split("\n");
  return lang === "fr" ? [french] : [french, ...own];
}

/** Both parts of an e-mail. */
export function renderMail(mail: MailDocument): { text: string; html: string } {
  return { text: plainText(mail), html: `<!DOCTYPE html>${renderToStaticMarkup(<MailHtml document={mail} />)}` };
}
