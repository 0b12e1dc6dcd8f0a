// The Worker as tests see it: the same fetch handler and Durable Objects as
// worker/index.ts; non-API paths answer 404 instead of rendering React Router.
import { createFetchHandler } from "../worker/fetch-handler.ts";
import { getDb } from "../worker/db/client.ts";
import { handleEmailQueue } from "../worker/services/email-service.ts";
import { settleQueueBatch } from "./setup/queue-ledger.ts";
import {
  handlePushDeadLetters,
  handlePushQueue,
  PUSH_DLQ_NAME,
  PUSH_QUEUE_NAME,
  type PushMessageBody,
} from "../worker/services/push-service.ts";
import { handleWebhookQueue, WEBHOOK_DLQ_NAME, WEBHOOK_QUEUE_NAME } from "../worker/services/webhooks/webhook-delivery.ts";
import { testWebhookFetch } from "./setup/webhook-receiver.ts";

/** A push service outside the test: refused (retried by the queue), never reached. */
const noNetwork = (async () => {
  throw new Error("tests push to their own push service only");
}) as typeof fetch;

export * from "../party/index.ts";

const worker = {
  fetch: createFetchHandler(async () => new Response("SSR is not part of the workers-pool tests", { status: 404 })),
  // The e-mail queue's consumer, as in worker/index.ts: e-mails queued by a test are delivered.
  // Web Push: the same consumer, but its push services can only be the tests' own (never the
  // network): tests/api/push.test.ts hands handlePushQueue a push service of its own.
  async queue(batch, env) {
    const services = { db: getDb(env.DB), env };
    if (batch.queue === PUSH_QUEUE_NAME) return handlePushQueue(services, batch as MessageBatch<PushMessageBody>, { fetch: noNetwork });
    if (batch.queue === PUSH_DLQ_NAME) return handlePushDeadLetters(batch as MessageBatch<PushMessageBody>);
    // Webhooks: delivered to the receiver the test file set (tests/setup/webhook-receiver.ts), never the network.
    if (batch.queue === WEBHOOK_QUEUE_NAME || batch.queue === WEBHOOK_DLQ_NAME) {
      return handleWebhookQueue(services, batch, { fetch: testWebhookFetch });
    }
    await handleEmailQueue(batch, services);
  },
} satisfies ExportedHandler<Env>;

export default {
  ...worker,
  // Each batch is counted off the pool's ledger of messages in flight (tests/setup/queue-ledger.ts).
  queue: (batch, env) => settleQueueBatch(batch, (tracked) => worker.queue(tracked, env)),
} satisfies ExportedHandler<Env>;
