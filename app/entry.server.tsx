import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { workerContext } from "@worker/router-context";
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
  const app = (
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
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
