import { useEffect, useRef } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useI18n } from "~/lib/i18n/context";
import { pagePaths } from "#core/paths";
import { useSite } from "~/lib/site";
import { useHydrated } from "~/lib/use-hydrated";
import { usePopoverOpen } from "~/lib/use-popover-open";
import { CartButton } from "./cart-button";
import { LanguageLinks, LanguageSwitcher } from "./language-switcher";
import { navLinks } from "./nav-links";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-sm px-2 py-2 text-[0.95rem] font-semibold tracking-wide transition-colors hover:text-wine-700 ${
    isActive ? "text-wine-800 underline decoration-gold-500 decoration-2 underline-offset-8" : "text-ink-900"
  }`;

/** The fixed navigation bar (spec §2): links, language switcher, cart, and the mobile menu. */
export function Navbar() {
  const { t, href } = useI18n();
  const { pathname } = useLocation();
  const site = useSite();
  const hydrated = useHydrated();
  const menu = useRef<HTMLDivElement>(null);
  // The menu is a native popover: its button opens and closes it before the page's JavaScript runs
  // too, and the browser closes it on Escape or a click outside. React follows its state, from
  // the state it finds at hydration on.
  const [menuOpen, onMenuToggle] = usePopoverOpen(menu);
  const closeMenu = () => menu.current?.hidePopover();
  // A new page closes it, however reached (not the first page: a menu opened before the page's
  // JavaScript ran stays open through hydration).
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    if (menu.current?.matches(":popover-open")) menu.current.hidePopover();
  }, [pathname]);

  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-cream-200 bg-cream-50/95 backdrop-blur">
      <nav aria-label={t("nav.label")} className="mx-auto flex h-nav max-w-7xl items-center gap-4 px-4 sm:px-6">
        {/* The logo's two lines are French names in Latin letters on every page (the site's Latin faces on CJK pages). */}
        <Link to={href(pagePaths.home)} lang="fr" className="mr-auto flex flex-col leading-none">
          <span className="font-heading text-xl font-semibold text-wine-800 sm:text-2xl">{t("site.name")}</span>
          <span className="mt-1 text-[0.7rem] font-semibold tracking-[0.25em] text-gold-600 uppercase">{site.appellation}</span>
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">
          {navLinks.map((link) => (
            <li key={link.path}>
              <NavLink to={href(link.path)} end className={linkClass}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="hidden lg:block">
          <LanguageSwitcher />
        </div>
        <CartButton />
        <button
          type="button"
          className="flex min-h-11 min-w-11 items-center justify-center rounded-sm text-ink-900 lg:hidden"
          popoverTarget="mobile-menu"
          // Before hydration the browser tells the popover's state itself; a fixed "false" would be wrong.
          aria-expanded={hydrated ? menuOpen : undefined}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? t("nav.closeMenu") : t("nav.openMenu")}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="1.8">
            {menuOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>
      <div
        id="mobile-menu"
        ref={menu}
        popover="auto"
        onToggle={onMenuToggle}
        className="inset-x-0 top-nav bottom-auto m-0 w-full max-w-none border-0 border-t border-cream-200 bg-cream-50 px-4 pb-6 text-ink-900 shadow-md lg:hidden"
      >
        <ul className="flex flex-col py-2">
          {navLinks.map((link) => (
            <li key={link.path}>
              <NavLink to={href(link.path)} end className={(state) => `block py-2 ${linkClass(state)}`} onClick={closeMenu}>
                {t(link.label)}
              </NavLink>
            </li>
          ))}
        </ul>
        <p className="mt-2 border-t border-cream-200 pt-4 text-sm font-semibold text-ink-700">{t("language.label")}</p>
        <LanguageLinks className="mt-1 grid grid-cols-2 gap-1" onChoose={closeMenu} />
      </div>
    </header>
  );
}
