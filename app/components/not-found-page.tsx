import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { documentTitle } from "~/i18n";
import { useI18n } from "~/i18n/react";

/**
 * The not-found content: inside the site's header and footer for public paths (the site
 * layout and the catch-all route render it in SiteFrame), alone in <main> from the root
 * error boundary. The attempted path goes to the console, as the spec asks.
 */
export function NotFoundPage() {
  const { language, t } = useI18n();
  const { pathname } = useLocation();

  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <div className="flex min-h-[60vh] items-center justify-center bg-slate-50 px-4 py-24" data-testid="not-found">
      {/* React hoists these into <head>: the page has no route meta of its own. */}
      <title>{documentTitle(t, t("notFound.title"))}</title>
      <meta name="robots" content="noindex" />
      <div className="text-center">
        <p className="text-6xl font-bold text-brand-500">{t("notFound.code")}</p>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t("notFound.title")}</h1>
        <Link to={`/${language}`} className="mt-6 inline-block font-medium text-brand-600 underline hover:text-brand-700">
          {t("notFound.backHome")}
        </Link>
      </div>
    </div>
  );
}
