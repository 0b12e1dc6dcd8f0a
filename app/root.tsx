import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigate,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { ErrorScreen, LazyNotFoundPage } from "./components/error-screen";
import { ToastProvider } from "./components/ui/toaster";
import { LOCALES, languageFromCookie, languageFromPath, type Language, type Messages } from "./i18n";
import { BASE_NAMESPACES, messagesFor } from "./i18n/dictionaries.server";
import { readStoredLanguage, saveLanguagePreference } from "./i18n/language-preference";
import { FallbackMessagesBlock, useFallbackMessages } from "./i18n/fallback-messages";
import { I18nProvider, useRouteMessages } from "./i18n/react";
import { useNonce } from "./lib/nonce";
import { resolveLanguage, type LanguageHandle } from "./i18n/resolve-language";
import { queryOnlyChange } from "./lib/query-only-change";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "32x32" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/**
 * The saved language, and the strings of the error and not-found screens for pages whose
 * layout sends none of its own (the layouts send them again in the page's language).
 */
/** Nothing here depends on the query string (app/lib/query-only-change.ts). */
export const shouldRevalidate = queryOnlyChange;

export function loader({ request }: Route.LoaderArgs) {
  const savedLanguage = languageFromCookie(request.headers.get("Cookie"));
  const language = languageFromPath(new URL(request.url).pathname) ?? savedLanguage ?? "pt";
  return { savedLanguage, messages: messagesFor(language, BASE_NAMESPACES) };
}

/** The strings of the last render that had the root's data (browser only). */
let lastShownMessages: Messages | undefined;

function useDocumentLanguage() {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const { pathname } = useLocation();
  const handles = matches.map((m) => m.handle as LanguageHandle | undefined);
  const languageFromUrl = handles.some((h) => h?.languageFrom === "url");
  const fromLoader = matches.findLast((m) => (m.handle as LanguageHandle | undefined)?.languageFrom === "loader")?.loaderData as
    { language?: Language } | undefined;
  const fixed = fromLoader?.language ?? handles.findLast((h) => h?.fixedLanguage)?.fixedLanguage ?? null;
  return resolveLanguage({ pathname, languageFromUrl, saved: rootData?.savedLanguage ?? null, fixed });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const language = useDocumentLanguage();
  const rootData = useRouteLoaderData<typeof loader>("root");
  // Without the root's data: the server's fallback block (no loader ran), or in the browser
  // the strings last shown (a navigation whose request failed took the data with it).
  const fallback = useFallbackMessages(!rootData) ?? (rootData ? undefined : lastShownMessages);
  const messages = useRouteMessages(fallback);
  useEffect(() => {
    if (rootData) lastShownMessages = messages;
  }, [rootData, messages]);
  const nonce = useNonce();
  return (
    <html lang={LOCALES[language]}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links nonce={nonce} />
        {fallback ? <FallbackMessagesBlock messages={fallback} /> : null}
      </head>
      <body>
        <I18nProvider language={language} messages={messages}>
          <ToastProvider>{children}</ToastProvider>
        </I18nProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // The saved choice lives in localStorage (spec); mirror it into the cookie the server
  // reads when the two disagree, e.g. after cookies were cleared.
  useEffect(() => {
    const stored = readStoredLanguage();
    if (stored && stored !== loaderData.savedLanguage) saveLanguagePreference(stored);
  }, [loaderData.savedLanguage]);

  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (!(isRouteErrorResponse(error) && error.status === 404)) console.error(error);
  }, [error]);

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main">
        <LazyNotFoundPage />
      </main>
    );
  }
  // 'Tentar novamente' clears the error state by rendering the current location again.
  return <ErrorScreen onRetry={() => navigate(location, { replace: true })} />;
}
