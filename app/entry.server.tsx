import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { workerContext } from "@worker/router-context";
import { DEFAULT_LANGUAGE, languageFromCookie, languageFromPath } from "./i18n";
import { BASE_NAMESPACES, messagesFor } from "./i18n/dictionaries.server";
import { FallbackMessagesProvider } from "./i18n/fallback-messages";
import { NonceProvider } from "./lib/nonce";

/**
 * Server rendering at the edge. The whole document is rendered before the response
 * starts (allReady), so every page is complete without JavaScript and for crawlers.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  let status = responseStatusCode;
  // The fetch handler's nonce for this response: the CSP header allows only scripts carrying it.
  const { nonce } = loadContext.get(workerContext);
  // No loader ran (a 404 before routing, a POST without an action): the base strings of the
  // error screens come from here instead of the root loader.
  const fallback = routerContext.staticHandlerContext.loaderData?.root
    ? null
    : messagesFor(
        languageFromPath(new URL(request.url).pathname) ?? languageFromCookie(request.headers.get("Cookie")) ?? DEFAULT_LANGUAGE,
        BASE_NAMESPACES,
      );
  const app = (
    <NonceProvider value={nonce}>
      <FallbackMessagesProvider value={fallback}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </FallbackMessagesProvider>
    </NonceProvider>
  );
  const body = await renderToReadableStream(app, {
    nonce,
    // Never "outline" a finished Suspense boundary (React moves large ones to the end of the
    // document, revealed by an inline script): the islands below the fold must be in place
    // in the HTML, for visitors without JavaScript and for crawlers.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    signal: request.signal,
    onError(error: unknown) {
      status = 500;
      if (!request.signal.aborted) console.error("ssr: render failed", error);
    },
  });
  await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}
