import type { ClientResponse, hc } from "hono/client";
import type { SuccessStatusCode } from "hono/utils/http-status";
import type { AppType } from "@worker/api/index";
import { isNetworkError } from "~/lib/network-error";

// The CRM screens' writes (and their client-side reads: search as you type, "load more")
// go to the Worker's JSON API with the session cookies, through `apiClient`: typed as Hono's
// hc<AppType> (the API's own routes, a type-only import), so a call's path, params, query and
// body are checked against the route's zod schema and its answer is typed by the handler's
// c.json() (docs/decisions/033). Errors come back as ApiClientError with the API's
// translated message, so a screen shows `error.message` as it is.
//
//   const { lead } = await call(apiClient.leads[":id"].$get({ param: { id } }, { init: { signal } }));

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

/**
 * The client's fetch: same-origin cookies, JSON asked for, and a request that never got an
 * answer becomes OfflineError. A FormData upload goes as a call's `init: { body: form }` (the
 * browser writes its multipart Content-Type).
 */
export async function apiFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set("Accept", "application/json");
  try {
    return await fetch(input, { ...init, headers, credentials: "same-origin" });
  } catch (error) {
    if (isNetworkError(error)) throw new OfflineError();
    throw error;
  }
}

/** A query string from the defined, non-empty values (a form's "all" option is no parameter). */
function searchParams(query: Record<string, string | string[] | undefined>): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined && one !== "") search.append(key, one);
  }
  return search;
}

/** The client's type: Hono's own for the Worker's routes under /api. */
export type ApiClient = ReturnType<typeof hc<AppType, "/">>["api"];

type CallArgs = { param?: Record<string, string>; query?: Record<string, string | string[] | undefined>; json?: unknown };

/**
 * The calls hc's type describes, made by a few lines instead of hono/client's runtime (2 KB
 * gzip on every CRM screen; docs/decisions/033): `client.leads[":id"].notes.$post(args, {init})`
 * walks the path; the call puts each parameter into it encoded (an id read from the address
 * bar can never point the request at another path), adds the query's non-empty values, sends
 * `json` as application/json and merges `init` (signal, a FormData body) into the request.
 */
function route(path: string[]): unknown {
  return new Proxy(() => undefined, {
    get: (_target, key) => (typeof key === "string" && key !== "then" ? route([...path, key]) : undefined),
    apply: (_target, _self, [args = {}, options = {}]: [CallArgs?, { init?: RequestInit }?]) => {
      const method = path.at(-1)!.replace(/^\$/, "").toUpperCase();
      const params = path.filter((part) => part.startsWith(":")).map((part) => args.param?.[part.slice(1)] ?? "");
      // An id of "." or ".." names nothing (ids are UUIDs), and sent it would point the request at
      // another path: answered here as the API answers an unknown id, without a request.
      if (params.some((value) => DOT_SEGMENT.test(value))) {
        return Promise.resolve(new Response(JSON.stringify({ error: "not_found" }), { status: 404 }));
      }
      const pathname = path
        .slice(0, -1)
        .map((part) => (part.startsWith(":") ? encodeURIComponent(args.param?.[part.slice(1)] ?? "") : part))
        .join("/");
      const search = args.query ? searchParams(args.query).toString() : "";
      const headers = new Headers(options.init?.headers);
      let body: BodyInit | undefined;
      if (args.json !== undefined) {
        headers.set("Content-Type", "application/json");
        body = JSON.stringify(args.json);
      }
      return apiFetch(`/${pathname}${search ? `?${search}` : ""}`, { method, body, ...options.init, headers });
    },
  });
}

/** "." and ".." cannot be a path segment: URLs resolve them (encoded too) to "this" or "the parent" folder. */
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** /api/*, typed by the Worker's routes. */
export const apiClient = route(["api"]) as ApiClient;

/** The JSON of a response's 2xx answers (undefined for 204), as the handler's c.json() typed it. */
export type ApiSuccess<R> =
  R extends ClientResponse<infer Body, infer Status, infer _Format>
    ? Status extends SuccessStatusCode
      ? Status extends 204
        ? undefined
        : Body
      : never
    : never;

/**
 * Waits for an apiClient call and returns its typed JSON (undefined for 204). Throws
 * ApiClientError for any non-2xx answer (the API's `{error, message, issues?}`) and
 * OfflineError when the request never got one.
 */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<ApiSuccess<R>> {
  const response = await request;
  if (response.status === 204) return undefined as ApiSuccess<R>;
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
  return parsed as ApiSuccess<R>;
}
