import type { ReactNode } from "react";
import { Link } from "react-router";
import { useI18n } from "~/lib/i18n/context";
import type { LegalPageView } from "./views";

/** An address in a legal text: a web address (the mediator's site) or a page of this site (`/fr/terms`). */
const address = String.raw`https:\/\/[^\s)）]+|(?<![\w/])\/(?:[a-z]{2}\/)?(?:terms|privacy|legal-notice)\b`;
/** A link with its own words, `[versión francesa de estas condiciones](/fr/terms)`, or a bare address shown as it is. */
const link = new RegExp(String.raw`\[([^\]]+)\]\((${address})\)|(${address})`, "g");

/** One link of a legal text: to a page of the site, or to another site. */
function To({ href, children }: { href: string; children: string }) {
  return href.startsWith("/") ? (
    <Link to={href} className="link">
      {children}
    </Link>
  ) : (
    <a href={href} className="link" rel="noopener">
      {children}
    </a>
  );
}

/** A paragraph of a legal text with its addresses as links. */
function Linked({ text }: { text: string }) {
  const pieces: ReactNode[] = [];
  let at = 0;
  for (const match of text.matchAll(link)) {
    pieces.push(text.slice(at, match.index));
    const [whole, words, target, bare] = match;
    pieces.push(
      <To key={match.index} href={(target ?? bare)!}>
        {words ?? bare!}
      </To>,
    );
    at = match.index + whole.length;
  }
  pieces.push(text.slice(at));
  return pieces;
}

/** A legal page: its title, the date of its last change and its sections (content/legal/). */
export function LegalPage({ page }: { page: LegalPageView }) {
  const { t } = useI18n();
  return (
    <article className="mx-auto max-w-3xl px-6 py-16 sm:py-24">
      <h1 className="text-4xl sm:text-5xl">{page.title}</h1>
      <p className="mt-3 text-sm text-ink-600">{t("legal.updated", { date: page.updatedLabel })}</p>
      {page.sections.map((section) => (
        // An official notice the law wants framed (the legal guarantees' box) is drawn in a box.
        <section key={section.id} id={section.id} className={section.boxed ? "mt-10 border-2 border-gold-500 bg-white px-5 py-6 sm:px-8" : "mt-10"}>
          <h2 className="text-2xl">{section.title}</h2>
          {section.paragraphs.map((paragraph, index) => (
            // Lines inside a paragraph (an address, a form's fields) keep their breaks.
            <p key={index} className="mt-3 leading-relaxed whitespace-pre-line text-ink-700">
              <Linked text={paragraph} />
            </p>
          ))}
        </section>
      ))}
    </article>
  );
}
