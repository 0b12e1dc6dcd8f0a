import { isNetworkError } from "~/lib/network-error";
import { ApiClientError, OfflineError } from "./api-client.ts";

// Apart from api-client.ts, which every CRM screen's first load carries: only the screens that
// download something load this.

/**
 * GETs a file the API serves (an attachment, a report's CSV): its bytes and the name the
 * server gives it (Content-Disposition). The same errors as api(): ApiClientError with the
 * API's translated message, OfflineError when no answer came.
 */
export async function apiFile(url: string): Promise<{ blob: Blob; fileName: string | null }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin" });
  } catch (error) {
    if (isNetworkError(error)) throw new OfflineError();
    throw error;
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    throw new ApiClientError(response.status, body && typeof body === "object" ? body : {});
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? null;
  return { blob: await response.blob(), fileName };
}
