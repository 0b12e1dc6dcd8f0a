import { data } from "react-router";
import { isNetworkError } from "./network-error.ts";

/**
 * For a route's clientAction / clientLoader: calls the server (`serverAction` /
 * `serverLoader`) and, when the request cannot reach it (offline, dropped connection), returns
 * `fallback` instead of throwing, so the page stays on screen with what the visitor typed
 * instead of the error screen. Any other failure is thrown as before.
 *
 * The fallback carries status 503: after an action whose status is 4xx/5xx React Router does
 * not revalidate the page's loaders, which would otherwise fail on the same dead connection
 * and replace the page after all.
 */
export async function withOfflineFallback<T, F>(call: () => Promise<T>, fallback: F) {
  try {
    return await call();
  } catch (error) {
    if (!isNetworkError(error)) throw error;
    return data(fallback, { status: 503 });
  }
}
