import { routePartykitRequest } from "partyserver";
import { PARTY_NAMES } from "../party/index.ts";
import { partyRouting } from "../party/connect-auth.ts";
import { api } from "./api/index.ts";
import { errorResponse } from "./http/error-response.ts";
import { isForbiddenCrossSiteRequest } from "./auth/origin-check.ts";
import { requestLanguage } from "./lib/request-language.ts";
import { withSecurityHeaders, type SecurityHeaderOptions } from "./http/security-headers.ts";
import { guardRequestBody } from "./http/request-body.ts";
import { refuseUnreadableForm } from "./http/form-body.ts";
import { withRequestLog } from "./http/request-log.ts";

/**
 * Renders every non-API, non-party request (React Router SSR in the real entry); `nonce`
 * is this response's CSP nonce, which every inline script must carry.
 */
export type RenderApp = (request: Request, env: Env, ctx: ExecutionContext, nonce: string) => Promise<Response>;

/**
 * The Worker's one fetch handler: /api/* → Hono, /parties/* → partyserver's router,
 * everything else → the app renderer (after worker/http/form-body.ts refused a POST whose body
 * is not a readable form). Security and cache headers are set on every
 * response by worker/http/security-headers.ts; in debug mode worker/http/request-log.ts adds
 * a request id and a log line.
 */
export function createFetchHandler(renderApp: RenderApp, options: SecurityHeaderOptions = {}): ExportedHandlerFetchHandler<Env> {
  const route = async (request: Request, env: Env, ctx: ExecutionContext, nonce: string): Promise<Response> => {
    const { pathname } = new URL(request.url);
    const isApi = pathname === "/api" || pathname.startsWith("/api/");
    if (isForbiddenCrossSiteRequest(request)) {
      return isApi
        ? errorResponse(requestLanguage(request), 403, "forbidden")
        : new Response("Forbidden: cross-site request", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    }
    if (isApi) {
      return api.fetch(request, env, ctx);
    }
    if (pathname.startsWith("/parties/")) {
      const party = pathname.split("/")[2] ?? "";
      const response = PARTY_NAMES.includes(party) ? await routePartykitRequest(request, env, partyRouting(env)) : null;
      return response ?? errorResponse(requestLanguage(request), 404, "not_found");
    }
    // A page's action reads a form: a body that is not one is a 415/400 here, not a 500 there.
    const refused = await refuseUnreadableForm(request);
    if (refused) return refused;
    return renderApp(request, env, ctx, nonce);
  };
  // Debug mode (Settings → Sistema) wraps everything: X-Request-Id and one log line per request.
  return (request, env, ctx) =>
    withRequestLog(request, env, () =>
      withSecurityHeaders(request, options, (nonce) => guardRequestBody(request, (body) => route(body, env, ctx, nonce))),
    );
}
