import { Link } from "react-router";
import { useI18n } from "~/lib/i18n/context";
import type { LegalPageView } from "./views";

/** An address in a legal text: a web address (the mediator's site) or a page of this site (`/fr/terms`). */
const address = /(https:\/\/[^\s)）]+|(?<![\w/])\/(?:[a-z]{2}\/)?(?:terms|privacy|legal-notice)\b)/;

/** A paragraph of a legal text with its addresses as links. */
function Linked({ text }: { text: string }) {
  return text.split(address).map((piece, index) =>
    index % 2 === 0 ? (
      piece
    ) : piece.startsWith("/") ? (
      <Link key={index} to={piece} className="link">
        {piece}
      </Link>
    ) : (
      <a key={index} href={piece} className="link" rel="noopener">
        {piece}
      </a>
    ),
  );
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
