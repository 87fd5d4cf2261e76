import { Link } from "react-router";
import { useI18n } from "~/lib/i18n/context";
import { pagePaths } from "#core/paths";
import { useSite } from "~/lib/site";
import { snipcartEnabled } from "~/lib/snipcart";
import { useCartCount } from "~/lib/use-cart-count";

function CartIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.6">
      <path d="M3 4h2l2.4 11h10.2L20 7H6.2" strokeLinejoin="round" />
      <circle cx="9" cy="19.5" r="1.5" />
      <circle cx="17" cy="19.5" r="1.5" />
    </svg>
  );
}

/** The navigation's cart button with its item count (`.snipcart-items-count`, 0 without a cart). */
export function CartButton() {
  const { t, href } = useI18n();
  const { emptyCart } = useSite();
  const count = useCartCount();
  const className = "snipcart-checkout relative flex min-h-11 min-w-11 items-center justify-center rounded-sm text-ink-900 hover:text-wine-700";
  const badge = (
    <span className="snipcart-items-count absolute -top-0.5 -right-0.5 flex min-w-5 items-center justify-center rounded-full bg-wine-800 px-1 text-xs font-semibold text-cream-50">
      {count}
    </span>
  );
  if (snipcartEnabled) {
    return (
      <button type="button" className={className} aria-label={count === 0 ? emptyCart.open : t("cart.open", { count })}>
        <CartIcon />
        {badge}
      </button>
    );
  }
  return (
    <Link
      to={`${href(pagePaths.contact)}?subject=order#contact-form`}
      className={className}
      aria-label={count === 0 ? emptyCart.unavailable : t("cart.unavailable", { count })}
    >
      <CartIcon />
      {badge}
    </Link>
  );
}
