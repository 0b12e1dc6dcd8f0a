import { Link, NavLink } from "react-router";
import { useI18n } from "~/i18n/react";
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
          <Link
            to="/auth"
            className="hidden rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 sm:inline-block"
          >
            {t("site.nav.login")}
          </Link>
          <Link
            to={sitePath(language, "/contact")}
            className={`${buttonClass({ size: "sm" })} max-sm:hidden`}
            data-testid="get-started"
          >
            {t("site.nav.getStarted")}
          </Link>
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}

/** A <details> menu, so it opens without JavaScript too. */
function MobileMenu() {
  const { language, t } = useI18n();
  return (
    <details className="relative lg:hidden">
      <summary
        className="flex cursor-pointer list-none items-center rounded-lg p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
        aria-label={t("site.nav.menu")}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M3 5.5h14M3 10h14M3 14.5h14" />
        </svg>
      </summary>
      <nav
        aria-label={t("site.nav.mainNavigation")}
        className="absolute right-0 z-50 mt-2 flex w-60 flex-col rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        {NAV.map((item) => (
          <Link key={item.path} to={sitePath(language, item.path)} className="rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-50">
            {t(item.key)}
          </Link>
        ))}
        <hr className="my-2 border-slate-100" />
        <Link to="/auth" className="rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-50">
          {t("site.nav.login")}
        </Link>
        <Link
          to={sitePath(language, "/contact")}
          className={`${buttonClass({ size: "sm" })} mt-1`}
        >
          {t("site.nav.getStarted")}
        </Link>
      </nav>
    </details>
  );
}
