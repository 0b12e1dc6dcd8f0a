import { routePartykitRequest } from "partyserver";
import { PARTY_NAMES } from "../party/index.ts";
import { api } from "./api/index.ts";
import { errorResponse } from "./api/errors.ts";
import { isForbiddenCrossSiteRequest } from "./auth/origin-check.ts";
import { requestLanguage } from "./lib/request-language.ts";

/** Renders every non-API, non-party request (React Router SSR in the real entry). */
export type RenderApp = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

/**
 * The Worker's one fetch handler: /api/* → Hono, /parties/* → partyserver's router,
 * everything else → the app renderer.
 */
export function createFetchHandler(renderApp: RenderApp): ExportedHandlerFetchHandler<Env> {
  return async (request, env, ctx) => {
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
      const response = PARTY_NAMES.includes(party) ? await routePartykitRequest(request, env) : null;
      return response ?? errorResponse(requestLanguage(request), 404, "not_found");
    }
    return renderApp(request, env, ctx);
  };
}
