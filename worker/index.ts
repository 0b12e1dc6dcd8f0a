import { createRequestHandler } from "react-router";
import { createFetchHandler } from "./fetch-handler.ts";
import { withBookmark } from "./db/d1-session.ts";
import { createLoadContext, withCookies } from "./router-context.ts";
import { noteRequest } from "./http/request-log.ts";
import { getDb } from "./db/client.ts";
import { remindTasksDueSoon } from "./services/task-reminder-service.ts";
import { MEETING_REMINDER_CRON, remindMeetingsSoon } from "./services/meeting-reminder-service.ts";
import { sendReportEmails } from "./services/report-email-service.ts";
import { handleEmailQueue, retryOutbox } from "./services/email-service.ts";
import { runAutomaticBackup } from "./services/backup-service.ts";
import { sendNotificationDigests } from "./services/email-digest-service.ts";
import { handlePushDeadLetters, handlePushQueue, PUSH_DLQ_NAME, PUSH_QUEUE_NAME, type PushMessageBody } from "./services/push-service.ts";
import { handleWebhookQueue, retryWebhooks, WEBHOOK_DLQ_NAME, WEBHOOK_QUEUE_NAME } from "./services/webhooks/webhook-delivery.ts";
import { pruneApiTokenRequests } from "./services/api-token-service.ts";

export * from "../party/index.ts";

// Built once per isolate, not per request.
const handleAppRequest = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env.MODE);

export default {
  fetch: createFetchHandler(
    async (request, env, ctx, nonce) => {
      const { context, auth, bookmark } = createLoadContext(request, env, ctx, nonce);
      noteRequest({ userId: () => auth.knownUserId() });
      const response = await handleAppRequest(request, context);
      return withBookmark(request, withCookies(response, auth.setCookies), bookmark());
    },
    // The Vite dev server's HMR client talks over a WebSocket.
    { dev: import.meta.env.DEV },
  ),
  // The Cron Trigger of wrangler.toml (every 15 minutes): task_due reminders, once per task and
  // due date; the report e-mails due (Monday / the 1st from 08:00 in São Paulo), once per user
  // and period; and the outbox's retries. Each part runs even when another fails.
  // The second trigger, every 5 minutes (MEETING_REMINDER_CRON), runs the meeting reminders
  // alone (30 minutes before ± 5, docs/decisions/027); the jobs above keep their 15 minutes.
  async scheduled(controller, env, ctx) {
    const services = { db: getDb(env.DB), env, waitUntil: (p: Promise<unknown>) => ctx.waitUntil(p) };
    const now = new Date(controller.scheduledTime);
    if (controller.cron === MEETING_REMINDER_CRON) {
      const { notified } = await remindMeetingsSoon(services, now);
      console.log(`meeting reminders: ${notified}`);
      return;
    }
    const results = await Promise.allSettled([
      remindTasksDueSoon(services, now),
      sendReportEmails(services, now),
      retryOutbox(services, now),
      runAutomaticBackup(services, now),
      // 'Notificações por Email': at most one digest per user every 15 minutes, whatever this trigger's cadence (decided in D1).
      sendNotificationDigests(services, now),
      // Webhook deliveries whose queue message was lost (docs/decisions/032).
      retryWebhooks(services, now),
      // Personal API tokens' per-request audit entries older than 90 days (docs/decisions/031).
      pruneApiTokenRequests(services, now),
    ]);
    const [reminders, reports, retried, backup, digests, webhooks, pruned] = results;
    console.log(
      `task_due reminders: ${reminders.status === "fulfilled" ? reminders.value.notified : "failed"}; ` +
        `report e-mails: ${reports.status === "fulfilled" ? JSON.stringify(reports.value) : "failed"}; ` +
        `outbox retries sent: ${retried.status === "fulfilled" ? retried.value : "failed"}; ` +
        `backup: ${backup.status === "fulfilled" ? JSON.stringify(backup.value) : "failed"}; ` +
        `notification digests: ${digests.status === "fulfilled" ? JSON.stringify(digests.value) : "failed"}; ` +
        `webhook retries sent: ${webhooks.status === "fulfilled" ? webhooks.value : "failed"}; ` +
        `token request entries pruned: ${pruned.status === "fulfilled" ? pruned.value : "failed"}`,
    );
    for (const result of results) if (result.status === "rejected") console.error("scheduled run:", result.reason);
  },
  // EMAIL_QUEUE and its dead-letter queue (wrangler.toml): each message delivers one outbox e-mail.
  // PUSH_QUEUE and its dead-letter queue: each message is one Web Push (push-service.ts).
  async queue(batch, env, ctx) {
    const services = { db: getDb(env.DB), env, waitUntil: (p: Promise<unknown>) => ctx.waitUntil(p) };
    if (batch.queue === PUSH_QUEUE_NAME) return handlePushQueue(services, batch as MessageBatch<PushMessageBody>);
    if (batch.queue === PUSH_DLQ_NAME) return handlePushDeadLetters(batch as MessageBatch<PushMessageBody>);
    // WEBHOOK_QUEUE and its dead-letter queue: each message is one webhook delivery (issue 25).
    if (batch.queue === WEBHOOK_QUEUE_NAME || batch.queue === WEBHOOK_DLQ_NAME) return handleWebhookQueue(services, batch);
    await handleEmailQueue(batch, services);
  },
} satisfies ExportedHandler<Env>;
