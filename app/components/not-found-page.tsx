import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { documentTitle, languageFromPath } from "~/i18n";
import { useI18n } from "~/i18n/react";

/** The not-found page; the attempted path goes to the console, as the spec asks. */
export function NotFoundPage() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const home = `/${languageFromPath(pathname) ?? "pt"}`;

  useEffect(() => {
    console.error("404 Error: User attempted to access non-existent route:", pathname);
  }, [pathname]);

  return (
    <main className="min-h-screen flex items-center justify-center bg-slate-50 px-4">
      {/* React hoists these into <head>: the error boundary has no route meta of its own. */}
      <title>{documentTitle(t, t("notFound.title"))}</title>
      <meta name="robots" content="noindex" />
      <div className="text-center">
        <p className="text-6xl font-bold text-brand-500">{t("notFound.code")}</p>
        <h1 className="mt-4 text-2xl font-semibold text-slate-900">{t("notFound.title")}</h1>
        <Link to={home} className="mt-6 inline-block font-medium text-brand-600 underline hover:text-brand-700">
          {t("notFound.backHome")}
        </Link>
      </div>
    </main>
  );
}
