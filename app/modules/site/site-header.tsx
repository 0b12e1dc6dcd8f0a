import { useEffect } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { useI18n } from "~/i18n/react";
import { HEADER_MENUS, useHeaderMenu } from "./header-menu.ts";
import { LanguageSwitcher } from "./language-switcher.tsx";
import { Logo } from "./logo.tsx";
import { sitePath } from "./site-paths.ts";
import { buttonClass } from "./ui/button-styles.ts";

const NAV = [
  { path: "/case-studies", key: "site.nav.caseStudies" },
  { path: "/planner", key: "site.nav.planner" },
  { path: "/blog", key: "site.nav.blog" },
  { path: "/about", key: "site.nav.about" },
  { path: "/contact", key: "site.nav.contact" },
] as const;

/** The public header: logo → /{lang}, page links, CRM login, get started, language switcher. */
export function SiteHeader() {
  const { language, t } = useI18n();
  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
      isActive ? "text-brand-700 bg-brand-50" : "text-slate-700 hover:text-slate-950 hover:bg-slate-100"
    }`;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/70">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t("site.nav.skipToContent")}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <Link to={sitePath(language)} aria-label={t("site.nav.home")} className="shrink-0">
          <Logo />
        </Link>
        <nav aria-label={t("site.nav.mainNavigation")} className="ml-4 hidden items-center gap-1 lg:flex">
          {NAV.map((item) => (
            <NavLink key={item.path} to={sitePath(language, item.path)} className={linkClass} prefetch="intent">
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitcher />
          <Link to="/auth" className="hidden rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:inline-block">
            {t("site.nav.login")}
          </Link>
          <Link to={sitePath(language, "/contact")} className={`${buttonClass({ size: "sm" })} max-sm:hidden`} data-testid="get-started">
            {t("site.nav.getStarted")}
          </Link>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/**
 * A <details> menu, so it opens and closes without JavaScript too. With JavaScript it also
 * says whether it is open (aria-expanded), moves focus to its first link when it opens,
 * and closes after a link is followed, on Escape and on a click or tap outside (then focus
 * returns to the button). It shares its `name` with the language menu, so the browser keeps
 * at most one of the two open (with or without JavaScript): they never overlap.
 */
function MobileMenu() {
  const { language, t } = useI18n();
  const { pathname, search } = useLocation();
  const { ref: detailsRef, open, onToggle: trackOpen } = useHeaderMenu();
  const menuId = "site-mobile-menu";

  const close = () => {
    if (detailsRef.current) detailsRef.current.open = false;
  };
  // A followed link (or back/forward) closes the menu.
  useEffect(close, [pathname, search, detailsRef]);

  const onToggle = () => {
    trackOpen();
    if (detailsRef.current?.open) detailsRef.current.querySelector<HTMLElement>(`#${menuId} a`)?.focus();
  };

  return (
    <details ref={detailsRef} name={HEADER_MENUS} onToggle={onToggle} className="relative lg:hidden" data-testid="mobile-menu">
      <summary
        className="flex cursor-pointer list-none items-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden"
        aria-label={t("site.nav.menu")}
        aria-expanded={open}
        aria-controls={menuId}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
          {open ? <path d="M5 5l10 10M15 5 5 15" /> : <path d="M3 5.5h14M3 10h14M3 14.5h14" />}
        </svg>
      </summary>
      <nav
        id={menuId}
        aria-label={t("site.nav.mainNavigation")}
        // A followed link closes the menu even when it leads to the page already shown.
        onClick={(event) => {
          if ((event.target as Element).closest("a")) close();
        }}
        className="absolute right-0 z-50 mt-2 flex max-h-[calc(100dvh-5rem)] w-60 max-w-[calc(100vw-2rem)] flex-col overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        {NAV.map((item) => (
          <Link
            key={item.path}
            to={sitePath(language, item.path)}
            className="rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {t(item.key)}
          </Link>
        ))}
        <hr className="my-2 border-slate-100" />
        <Link
          to="/auth"
          className="rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t("site.nav.login")}
        </Link>
        <Link to={sitePath(language, "/contact")} className={`${buttonClass({ size: "sm" })} mt-1`}>
          {t("site.nav.getStarted")}
        </Link>
      </nav>
    </details>
  );
}
