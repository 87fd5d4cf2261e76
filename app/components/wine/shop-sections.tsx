import { Link } from "react-router";
import { Message, useI18n } from "~/lib/i18n/context";
import { pagePaths } from "#core/paths";
import type { WineCardView } from "./views";
import { WineGrid } from "./wine-grid";
import { SectionHeading } from "~/components/ui/section-heading";

/** The shop's body (spec §2): the Château collection in three columns, Cuvée 9 in two, shipping. */
export function ShopSections({ chateau, cuvee9 }: { chateau: WineCardView[]; cuvee9: WineCardView[] }) {
  const { t, href } = useI18n();
  const contact = `${href(pagePaths.contact)}?subject=${encodeURIComponent(t("shop.shipping.subject"))}`;
  return (
    <>
      <section aria-labelledby="shop-chateau" className="mx-auto max-w-7xl px-6 py-20">
        <SectionHeading id="shop-chateau" title={t("shop.chateau.title")}>
          <p>{t("shop.chateau.text")}</p>
        </SectionHeading>
        <div className="mt-12">
          <WineGrid cards={chateau} columns={3} priority />
        </div>
      </section>
      <section aria-labelledby="shop-cuvee9" className="bg-cream-100 px-6 py-20">
        <SectionHeading id="shop-cuvee9" title={t("shop.cuvee9.title")}>
          <p>{t("shop.cuvee9.text")}</p>
        </SectionHeading>
        <div className="mt-12">
          <WineGrid cards={cuvee9} columns={2} />
        </div>
      </section>
      <section aria-labelledby="shop-shipping" className="mx-auto max-w-3xl px-6 py-20 text-center">
        <h2 id="shop-shipping" className="text-4xl">
          {t("shop.shipping.title")}
        </h2>
        <p className="mt-4 text-lg text-ink-700">{t("shop.shipping.text")}</p>
        <p className="mt-4 text-lg text-ink-700">
          <Message id="shop.shipping.inquiry" components={{ contact: <Link className="link" to={contact} /> }} />
        </p>
      </section>
    </>
  );
}
