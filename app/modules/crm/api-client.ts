import { isNetworkError } from "~/lib/network-error";

// The CRM screens' writes (and their client-side reads: search as you type, "load more")
// go to the Worker's JSON API with the session cookies. Errors come back as ApiClientError
// with the API's translated message, so a screen shows `error.message` as it is.

type ApiIssue = { path: string; message: string };

export class ApiClientError extends Error {
  readonly status: number;
  readonly code: string;
  readonly issues: ApiIssue[];
  /** The whole error body, e.g. `lead: {id, name}` of a 409 lead_exists. */
  readonly body: Record<string, unknown>;

  constructor(status: number, body: Record<string, unknown>) {
    super(typeof body.message === "string" ? body.message : `HTTP ${status}`);
    this.status = status;
    this.code = typeof body.error === "string" ? body.error : "unknown";
    this.issues = Array.isArray(body.issues) ? (body.issues as ApiIssue[]) : [];
    this.body = body;
  }

  /** The translated message of one field's issue, if the server named that field. */
  fieldMessage(field: string): string | undefined {
    return this.issues.find((issue) => issue.path === field || issue.path.startsWith(`${field}.`))?.message;
  }
}

/** No answer came back (offline, dropped connection): the screen says "try again". */
export class OfflineError extends Error {
  constructor() {
    super("offline");
  }
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/**
 * Calls /api/<path> and returns the parsed JSON (undefined for 204). A plain object body is
 * sent as JSON; FormData as multipart. Throws ApiClientError for any non-2xx answer and
 * OfflineError when the request never got one.
 */
export async function api<T>(method: Method, path: string, body?: unknown, init: { signal?: AbortSignal } = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers["Content-Type"] = "application/json";
    payload = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: payload, credentials: "same-origin", signal: init.signal });
  } catch (error) {
    if (isNetworkError(error)) throw new OfflineError();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = { message: text };
  }
  if (!response.ok) {
    const errorBody = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
    throw new ApiClientError(response.status, errorBody);
  }
  return parsed as T;
}

/** A query string from defined, non-empty values: `?q=a&status=new` (or ""). */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}
