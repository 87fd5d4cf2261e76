import { useId, useRef } from "react";
import { Link, useLocation } from "react-router";
import { Message, useI18n } from "~/lib/i18n/context";
import { languageNames, languages, languageStorageKey, languageTags, type Language } from "#core/languages";
import { switchLanguage } from "#core/paths";
import { languageChoiceAttribute } from "~/lib/head-scripts";
import { useHydrated } from "~/lib/use-hydrated";
import { usePopoverOpen } from "~/lib/use-popover-open";

/** Saves the visitor's choice at once, so a full page load of an English URL honours it too. */
export function saveLanguage(lang: Language): void {
  try {
    localStorage.setItem(languageStorageKey, lang);
  } catch {
    // Storage may be disabled; the URL still carries the language.
  }
}

/** Links to the current page in each language, each in its own language and script. */
export function LanguageLinks({ onChoose, className }: { onChoose?: () => void; className?: string }) {
  const { lang } = useI18n();
  const { pathname, search, hash } = useLocation();
  // The prerendered page knows no query or fragment; add them once the page runs.
  const keep = useHydrated() ? search + hash : "";
  return (
    <ul className={className}>
      {languages.map((code) => (
        <li key={code}>
          <Link
            to={switchLanguage(pathname, code) + keep}
            // Another language is another document: the page's router knows only its own language's
            // routes (app/lib/route-manifest.ts), and the other language's page is prerendered whole.
            reloadDocument
            lang={languageTags[code]}
            hrefLang={languageTags[code]}
            aria-current={code === lang ? "true" : undefined}
            // The head script saves the choice on click (app/lib/head-scripts.ts), before the page's JavaScript runs too.
            {...{ [languageChoiceAttribute]: code }}
            onClick={onChoose}
            className="block rounded-sm px-3 py-2 hover:bg-cream-100 aria-[current]:font-semibold aria-[current]:text-wine-800 aria-[current]:underline aria-[current]:decoration-gold-500 aria-[current]:underline-offset-4"
          >
            {languageNames[code]}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * The navigation bar's language menu: a button showing the current language that opens a native
 * popover with the links, before the page's JavaScript runs too; the browser closes it on Escape
 * or a click outside, and choosing a language closes it.
 */
export function LanguageSwitcher() {
  const { lang, t } = useI18n();
  const hydrated = useHydrated();
  const list = useRef<HTMLDivElement>(null);
  const [open, onToggle] = usePopoverOpen(list);
  const listId = useId();

  return (
    <div className="relative">
      <button
        type="button"
        popoverTarget={listId}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={listId}
        className="flex min-h-11 items-center gap-1 rounded-sm px-3 text-sm font-semibold text-ink-900 [anchor-name:--language-menu] hover:text-wine-700"
      >
        {/* "Language: English", "语言：中文": the punctuation is each language's own, in its catalog. */}
        <Message
          id="language.current"
          values={{ language: languageNames[lang] }}
          components={{ label: <span className="sr-only" />, name: <span lang={languageTags[lang]} /> }}
        />
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4 fill-current">
          <path d="M5.5 7.5 10 12l4.5-4.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </button>
      <div
        id={listId}
        ref={list}
        popover="auto"
        onToggle={onToggle}
        className="language-menu m-0 w-44 rounded-sm border border-cream-200 bg-cream-50 p-1 text-ink-900 shadow-lg"
      >
        <p className="sr-only">{t("language.choose")}</p>
        <LanguageLinks onChoose={() => list.current?.hidePopover()} />
      </div>
    </div>
  );
}
