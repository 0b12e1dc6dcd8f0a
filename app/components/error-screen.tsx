import { lazy, Suspense } from "react";
import { documentTitle } from "~/i18n";
import { useI18n } from "~/i18n/react";

// Only a 404 needs it: its code loads then (the server renders it in place).
const NotFoundPage = lazy(() => import("./not-found-page.tsx").then((m) => ({ default: m.NotFoundPage })));

/**
 * The not-found page in its Suspense, for the root's 404 and the site layout's unknown
 * language prefix: one lazy component here (every page loads this chunk) instead of one in
 * each of their chunks.
 */
export function LazyNotFoundPage() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}

/** The spec's fallback screen for unexpected rendering errors. */
export function ErrorScreen({ onRetry }: { onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <main role="alert" className="min-h-screen flex items-center justify-center bg-slate-50 px-4">
      {/* React hoists these into <head>: the error boundary has no route meta of its own. */}
      <title>{documentTitle(t, t("errorScreen.title"))}</title>
      <meta name="robots" content="noindex" />
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div
          aria-hidden="true"
          className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-red-100 text-2xl text-red-600"
        >
          !
        </div>
        <h1 className="text-xl font-semibold text-slate-900">{t("errorScreen.title")}</h1>
        <p className="mt-3 text-slate-600">{t("errorScreen.message")}</p>
        <p className="mt-2 text-sm text-slate-500">{t("errorScreen.hint")}</p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <button
            type="button"
            onClick={onRetry}
            className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t("errorScreen.retry")}
          </button>
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            {t("errorScreen.reload")}
          </button>
        </div>
      </div>
    </main>
  );
}
