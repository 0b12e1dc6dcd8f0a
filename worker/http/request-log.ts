// Debug mode (Settings → Sistema; docs/decisions/021): while the organisation has it on, every
// response carries an X-Request-Id and every request writes one JSON log line: the id, method,
// route pattern (the API's Hono pattern such as /api/leads/:id; a page's path with id-like
// segments masked), status, duration in ms and the signed-in user's id. Never the query string,
// a header, a cookie, a token, a password or a body. The setting is read through the
// isolate's few-seconds copy (org-settings-service.ts), so a request pays no D1 read for it
// most of the time.
import { AsyncLocalStorage } from "node:async_hooks";
import { readOrgSettingsFrom } from "../services/org-settings-service.ts";

/** What the handlers learn about a request that the log line needs. */
type RequestNote = { route?: string; userId?: () => Promise<string | null> };

const current = new AsyncLocalStorage<RequestNote>();

/** Called by the API and the page renderer: the matched route pattern and who the caller is. */
export function noteRequest(note: RequestNote): void {
  const store = current.getStore();
  if (store) Object.assign(store, note);
}

/** Segments that name one record or carry a secret: UUIDs, long tokens, numbers. */
const ID_LIKE = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[A-Za-z0-9_-]{24,}|\d+)$/i;
export const maskedPath = (pathname: string) =>
  pathname
    .split("/")
    .map((segment) => (ID_LIKE.test(segment) ? ":id" : segment))
    .join("/");

/** The log line of one request (exported for the tests' sake of its shape). */
export type RequestLogLine = {
  type: "request";
  requestId: string;
  method: string;
  route: string;
  status: number;
  durationMs: number;
  userId: string | null;
};

export async function withRequestLog(request: Request, env: Env, handle: () => Promise<Response>): Promise<Response> {
  let debug = false;
  try {
    debug = (await readOrgSettingsFrom(env.DB)).debug_mode;
  } catch (error) {
    // Settings that cannot be read never stop a request: no debug output for it.
    console.error("debug mode: the organisation settings could not be read", error);
  }
  if (!debug) return handle();

  const requestId = crypto.randomUUID();
  const note: RequestNote = {};
  const started = performance.now();
  let status = 500;
  try {
    const response = await current.run(note, handle);
    status = response.status;
    // A WebSocket upgrade's headers are the runtime's; everything else is a copy we own.
    if (status !== 101) {
      try {
        response.headers.set("X-Request-Id", requestId);
      } catch {
        const copy = new Response(response.body, response);
        copy.headers.set("X-Request-Id", requestId);
        return copy;
      }
    }
    return response;
  } finally {
    const line: RequestLogLine = {
      type: "request",
      requestId,
      method: request.method,
      route: note.route || maskedPath(new URL(request.url).pathname),
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      userId: (await note.userId?.().catch(() => null)) ?? null,
    };
    console.log(JSON.stringify(line));
  }
}
