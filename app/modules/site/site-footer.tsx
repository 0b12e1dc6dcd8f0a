import { Link } from "react-router";
import { useI18n } from "~/i18n/react";
import { Logo } from "./logo.tsx";
import { sitePath } from "./site-paths.ts";

/** The public footer: site links, and /privacy, /terms, /{lang}/contact. */
export function SiteFooter() {
  const { language, t } = useI18n();
  const year = new Date().getUTCFullYear();
  const link = "text-sm text-slate-400 hover:text-white";
  return (
    <footer className="bg-ink-900 text-slate-300" data-testid="site-footer">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="md:col-span-2">
          <Logo inverted />
          <p className="mt-4 max-w-sm text-sm text-slate-400">{t("site.footer.tagline")}</p>
        </div>
        <nav aria-label={t("site.footer.explore")}>
          <h2 className="text-sm font-semibold text-white">{t("site.footer.explore")}</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link className={link} to={sitePath(language, "/case-studies")}>
                {t("site.nav.caseStudies")}
              </Link>
            </li>
            <li>
              <Link className={link} to={sitePath(language, "/planner")}>
                {t("site.nav.planner")}
              </Link>
            </li>
            <li>
              <Link className={link} to={sitePath(language, "/blog")}>
                {t("site.nav.blog")}
              </Link>
            </li>
            <li>
              <Link className={link} to={sitePath(language, "/about")}>
                {t("site.nav.about")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("site.footer.legal")}>
          <h2 className="text-sm font-semibold text-white">{t("site.footer.legal")}</h2>
          <ul className="mt-4 space-y-2">
            <li>
              <Link className={link} to="/privacy">
                {t("site.footer.privacy")}
              </Link>
            </li>
            <li>
              <Link className={link} to="/terms">
                {t("site.footer.terms")}
              </Link>
            </li>
            <li>
              <Link className={link} to={sitePath(language, "/contact")}>
                {t("site.footer.contact")}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">{t("site.footer.rights", { year })}</p>
      </div>
    </footer>
  );
}
