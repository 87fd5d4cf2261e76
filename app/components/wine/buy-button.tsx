import type { MouseEvent } from "react";
import { Form } from "react-router";
import type { Wine } from "~/lib/content";
import { useI18n } from "~/lib/i18n/context";
import { bottleImage } from "~/lib/images";
import { pagePaths } from "~/lib/paths";
import { addWhenSnipcartReady, snipcartEnabled } from "~/lib/snipcart";
import { cartItemData, wineTitle, winePrice } from "./wine-format";

const buttonClass = "snipcart-add-item btn-primary w-full text-lg sm:w-auto";

/**
 * The wine's buy button (spec §7). It always is a `.snipcart-add-item` button carrying the cart
 * data in the served HTML, which Snipcart's crawler checks before accepting an order. With a
 * Snipcart key it adds the bottle to the cart; without one it sends an inquiry about the wine
 * to the contact page (a plain GET form, so it works before JavaScript too).
 */
export function BuyButton({ wine }: { wine: Wine }) {
  const i18n = useI18n();
  const { t, href } = i18n;
  const data = cartItemData(i18n, wine, bottleImage(wine.id)?.img.src ?? "");
  const price = winePrice(i18n, wine);

  if (snipcartEnabled) {
    const onClick = (event: MouseEvent<HTMLButtonElement>) => addWhenSnipcartReady(event.currentTarget);
    return (
      <button type="button" className={buttonClass} {...data} onClick={onClick}>
        {t("wine.buy.addToCart", { price })}
      </button>
    );
  }

  return (
    <Form method="get" action={href(pagePaths.contact)}>
      <input type="hidden" name="subject" value={t("wine.buy.subject", { wine: wineTitle(wine) })} />
      <button type="submit" className={buttonClass} {...data}>
        {t("wine.buy.inquire", { price })}
      </button>
    </Form>
  );
}
