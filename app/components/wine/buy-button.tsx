import type { MouseEvent } from "react";
import { Form } from "react-router";
import { useI18n } from "~/lib/i18n/context";
import { pagePaths } from "#core/paths";
import { addWhenSnipcartReady, snipcartEnabled } from "~/lib/snipcart";
import type { WineDetailView } from "./views";

const buttonClass = "snipcart-add-item btn-primary w-full text-lg sm:w-auto";

/**
 * The wine's buy button (spec §7). It always is a `.snipcart-add-item` button carrying the cart
 * data in the served HTML, which Snipcart's crawler checks before accepting an order. With a
 * Snipcart key it adds the bottle to the cart; without one it sends an inquiry about the wine
 * to the contact page (a plain GET form, so it works before JavaScript too).
 */
export function BuyButton({ wine }: { wine: WineDetailView }) {
  const { t, href } = useI18n();

  if (snipcartEnabled) {
    const onClick = (event: MouseEvent<HTMLButtonElement>) => addWhenSnipcartReady(event.currentTarget);
    return (
      <button type="button" className={buttonClass} {...wine.cart} onClick={onClick}>
        {t("wine.buy.addToCart", { price: wine.price })}
      </button>
    );
  }

  return (
    <Form method="get" action={href(pagePaths.contact)}>
      <input type="hidden" name="subject" value={wine.inquirySubject} />
      <button type="submit" className={buttonClass} {...wine.cart}>
        {t("wine.buy.inquire", { price: wine.price })}
      </button>
    </Form>
  );
}
