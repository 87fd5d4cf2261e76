import { useI18n } from "~/lib/i18n/context";
import { postalAddress, site } from "~/lib/content";
import { formatDate } from "#core/format";

/** A legal page: its title, the date of its last change and its sections, all from translations. */
export function LegalPage({ page, sections }: { page: "legalNotice" | "privacy" | "terms"; sections: readonly string[] }) {
  const { tDynamic, lang } = useI18n();
  const vars = { address: postalAddress(), email: site.contact.email, phone: site.contact.phone };
  return (
    <article className="mx-auto max-w-3xl px-6 py-16 sm:py-24">
      <h1 className="text-4xl sm:text-5xl">{tDynamic(`${page}.title`)}</h1>
      <p className="mt-3 text-sm text-ink-600">
        {tDynamic(`${page}.updated`, { date: formatDate(site.legalUpdated, lang) })}
      </p>
      {sections.map((section) => (
        <section key={section} className="mt-10">
          <h2 className="text-2xl">{tDynamic(`${page}.sections.${section}.title`)}</h2>
          <p className="mt-3 leading-relaxed text-ink-700">{tDynamic(`${page}.sections.${section}.body`, vars)}</p>
        </section>
      ))}
    </article>
  );
}
