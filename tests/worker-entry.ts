// The Worker as tests see it: the same fetch handler and Durable Objects as
// worker/index.ts; non-API paths answer 404 instead of rendering React Router.
import { createFetchHandler } from "../worker/fetch-handler.ts";

export * from "../party/index.ts";

export default {
  fetch: createFetchHandler(async () => new Response("SSR is not part of the workers-pool tests", { status: 404 })),
} satisfies ExportedHandler<Env>;
