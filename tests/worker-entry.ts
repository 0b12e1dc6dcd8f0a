// The Worker as tests see it: the same fetch handler and Durable Objects as
// worker/index.ts; non-API paths answer 404 instead of rendering React Router.
import { createFetchHandler } from "../worker/fetch-handler.ts";
import { getDb } from "../worker/db/client.ts";
import { handleEmailQueue } from "../worker/services/email-service.ts";

export * from "../party/index.ts";

export default {
  fetch: createFetchHandler(async () => new Response("SSR is not part of the workers-pool tests", { status: 404 })),
  // The e-mail queue's consumer, as in worker/index.ts: e-mails queued by a test are delivered.
  async queue(batch, env) {
    await handleEmailQueue(batch, { db: getDb(env.DB), env });
  },
} satisfies ExportedHandler<Env>;
