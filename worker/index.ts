import { createRequestHandler } from "react-router";
import { createFetchHandler } from "./fetch-handler.ts";
import { createLoadContext } from "./router-context.ts";

export * from "../party/index.ts";

// Built once per isolate, not per request.
const handleAppRequest = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env.MODE,
);

export default {
  fetch: createFetchHandler((request, env, ctx) => handleAppRequest(request, createLoadContext(env, ctx))),
} satisfies ExportedHandler<Env>;
