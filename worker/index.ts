import { createRequestHandler } from "react-router";
import { createFetchHandler } from "./fetch-handler.ts";
import { withBookmark } from "./db/d1-session.ts";
import { createLoadContext, withCookies } from "./router-context.ts";

export * from "../party/index.ts";

// Built once per isolate, not per request.
const handleAppRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  fetch: createFetchHandler(
    async (request, env, ctx, nonce) => {
      const { context, auth, bookmark } = createLoadContext(request, env, ctx, nonce);
      const response = await handleAppRequest(request, context);
      return withBookmark(request, withCookies(response, auth.setCookies), bookmark());
    },
    // The Vite dev server's HMR client talks over a WebSocket.
    { dev: import.meta.env.DEV },
  ),
} satisfies ExportedHandler<Env>;
