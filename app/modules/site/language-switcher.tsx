import { useLocation, useNavigate } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/i18n";
import { saveLanguagePreference } from "~/i18n/language-preference";
import { useI18n } from "~/i18n/react";
import { HEADER_MENUS, useHeaderMenu } from "./header-menu.ts";
import { isHomePath, sitePath } from "./site-paths.ts";

/**
 * English / Español / Português. On the home page (with or without a prefix) it switches in
 * place (client-side navigation to /{lang}); on any other page it does a full page load to
 * /{lang}, as the specification says. Either way the choice is saved under localStorage
 * 'language'. Without JavaScript the entries are plain links to /{lang}.
 */
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { language, t } = useI18n();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // Closes on Escape and on a click outside; `open` feeds aria-expanded.
  const { ref: detailsRef, open, onToggle } = useHeaderMenu();

  const choose = (event: React.MouseEvent<HTMLAnchorElement>, next: Language) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    saveLanguagePreference(next);
    if (detailsRef.current) detailsRef.current.open = false;
    if (isHomePath(pathname)) navigate(sitePath(next), { preventScrollReset: true });
    else window.location.assign(sitePath(next));
  };

  return (
    <details ref={detailsRef} name={HEADER_MENUS} onToggle={onToggle} className={`relative ${className}`} data-testid="language-switcher">
      <summary
        aria-expanded={open}
        aria-controls="site-language-menu"
        className="flex cursor-pointer list-none items-center gap-1.5 rounded-lg px-2.5 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden"
      >
        <span className="sr-only">{t("site.switcher.label")}: </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.6">
          <circle cx="10" cy="10" r="7.5" />
          <path d="M2.5 10h15M10 2.5c2.2 2.3 2.2 12.7 0 15M10 2.5c-2.2 2.3-2.2 12.7 0 15" />
        </svg>
        <span className="uppercase">{language}</span>
      </summary>
      <ul
        id="site-language-menu"
        className="absolute right-0 z-50 mt-2 w-40 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
      >
        {[...LANGUAGES].reverse().map((lang) => (
          <li key={lang}>
            <a
              href={sitePath(lang)}
              hrefLang={lang}
              lang={lang}
              onClick={(event) => choose(event, lang)}
              aria-current={lang === language ? "true" : undefined}
              className={`block px-4 py-2 text-sm hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none ${
                lang === language ? "font-semibold text-brand-700" : "text-slate-700"
              }`}
            >
              {LANGUAGE_NAMES[lang]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
