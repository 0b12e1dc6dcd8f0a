import { createRequestHandler } from "react-router";
import { createFetchHandler } from "./fetch-handler.ts";
import { createLoadContext, withCookies } from "./router-context.ts";

export * from "../party/index.ts";

// Built once per isolate, not per request.
const handleAppRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  fetch: createFetchHandler(async (request, env, ctx) => {
    const { context, auth } = createLoadContext(request, env, ctx);
    const response = await handleAppRequest(request, context);
    return withCookies(response, auth.setCookies);
  }),
} satisfies ExportedHandler<Env>;
