import { createRequestHandler } from "react-router";
import { createFetchHandler } from "./fetch-handler.ts";
import { withBookmark } from "./db/d1-session.ts";
import { createLoadContext, withCookies } from "./router-context.ts";
import { getDb } from "./db/client.ts";
import { remindTasksDueSoon } from "./services/task-reminder-service.ts";

export * from "../party/index.ts";

// Built once per isolate, not per request.
const handleAppRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

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
  // The Cron Trigger of wrangler.toml: task_due reminders, once per task and due date.
  async scheduled(controller, env, ctx) {
    const { notified } = await remindTasksDueSoon(
      { db: getDb(env.DB), env, waitUntil: (p) => ctx.waitUntil(p) },
      new Date(controller.scheduledTime),
    );
    console.log(`task_due reminders: ${notified} notification(s)`);
  },
} satisfies ExportedHandler<Env>;
