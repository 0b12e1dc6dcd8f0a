import type { ShouldRevalidateFunctionArgs } from "react-router";

/**
 * `shouldRevalidate` of the root and the staff layouts: their data never depends on the
 * query string, so a screen changing only its own query (search, filters, ?lead=) runs its
 * own loader alone. One request instead of one per layout, and if it cannot reach the server
 * the failure stays with that screen instead of taking the layouts' data (and the frame's
 * strings) with it. Everything else (other paths, form submissions, revalidate()) as usual.
 */
export function queryOnlyChange({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const mutation = formMethod !== undefined && formMethod.toUpperCase() !== "GET";
  if (!mutation && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false;
  return defaultShouldRevalidate;
}
