import { routePartykitRequest } from "partyserver";
import { api } from "./api/index.ts";

/** Renders every non-API, non-party request (React Router SSR in the real entry). */
export type RenderApp = (request: Request, env: Env, ctx: ExecutionContext) => Promise<Response>;

/**
 * The Worker's one fetch handler: /api/* → Hono, /parties/* → partyserver's router,
 * everything else → the app renderer.
 */
export function createFetchHandler(renderApp: RenderApp): ExportedHandlerFetchHandler<Env> {
  return async (request, env, ctx) => {
    const { pathname } = new URL(request.url);
    if (pathname === "/api" || pathname.startsWith("/api/")) {
      return api.fetch(request, env, ctx);
    }
    if (pathname.startsWith("/parties/")) {
      const response = await routePartykitRequest(request, env);
      return (
        response ??
        Response.json({ error: "not_found", message: "Unknown party or room." }, { status: 404 })
      );
    }
    return renderApp(request, env, ctx);
  };
}
