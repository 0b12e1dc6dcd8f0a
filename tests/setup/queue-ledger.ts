// Queues in the workers pool (issue 24, docs/decisions/026): a message a test file sends is
// delivered by Miniflare's queue broker about a second later (max_batch_timeout), through the
// Worker's `queue` handler in this runner. If the runner is disposed while such a dispatch is
// still on its way, workerd never finishes disposing and the whole Vitest run hangs after its
// last result. So the pool keeps a ledger of the messages in flight: every send on a queue
// binding of `env` adds one (countQueueSends), every message the `queue` handler acknowledges —
// on its queue or on the dead-letter queue after its last try — takes one off (settleQueueBatch),
// and each file's afterAll (tests/setup/drain-queues.ts) waits, bounded, until none is left.
// The ledger lives on globalThis: the setup file and tests/worker-entry.ts share the runner's
// isolate, but Vitest may evaluate this module more than once (isolate: false).

type Ledger = { inFlight: number };
const LEDGER = Symbol.for("agency-edge.tests.queue-ledger");
const COUNTED = Symbol.for("agency-edge.tests.counted-queue");

export function queueLedger(): Ledger {
  const global = globalThis as typeof globalThis & { [LEDGER]?: Ledger };
  return (global[LEDGER] ??= { inFlight: 0 });
}

/**
 * A queue producer binding (workerd's WorkerQueue). Not duck-typed: a service binding (Fetcher,
 * e.g. the pool's own self and loopback services) answers every property with an RPC method.
 */
const isQueue = (value: unknown): value is Queue => Object.prototype.toString.call(value) === "[object WorkerQueue]";

/** Wraps every queue binding of env (once) so that each message sent is counted as in flight. */
export function countQueueSends(env: Record<string, unknown>): void {
  for (const name of Object.keys(env)) {
    const binding = env[name];
    if (!isQueue(binding) || (binding as { [COUNTED]?: true })[COUNTED]) continue;
    const ledger = queueLedger();
    env[name] = new Proxy(binding, {
      get(target, property) {
        if (property === COUNTED) return true;
        if (property === "send") {
          return async (...args: Parameters<Queue["send"]>) => {
            ledger.inFlight++;
            try {
              return await target.send(...args);
            } catch (error) {
              ledger.inFlight--;
              throw error;
            }
          };
        }
        if (property === "sendBatch") {
          return async (messages: Iterable<MessageSendRequest>, options?: QueueSendBatchOptions) => {
            const list = [...messages];
            ledger.inFlight += list.length;
            try {
              return await target.sendBatch(list, options);
            } catch (error) {
              ledger.inFlight -= list.length;
              throw error;
            }
          };
        }
        const value: unknown = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
  }
}

/**
 * Runs the Worker's queue handler on a batch and takes off the ledger every message it settled
 * for good: acknowledged explicitly, or implicitly when the handler returns (a thrown handler
 * retries every message it did not acknowledge). A retried message stays in flight: it comes
 * back, on its queue or, after its last try, on the dead-letter queue.
 */
export async function settleQueueBatch<Body>(batch: MessageBatch<Body>, handle: (batch: MessageBatch<Body>) => Promise<void>) {
  const outcome = new Map<string, "ack" | "retry">();
  const messages = batch.messages.map((message): Message<Body> => ({
    id: message.id,
    timestamp: message.timestamp,
    body: message.body,
    attempts: message.attempts,
    ack: () => {
      outcome.set(message.id, "ack");
      message.ack();
    },
    retry: (options?: QueueRetryOptions) => {
      outcome.set(message.id, "retry");
      message.retry(options);
    },
  }));
  const tracked: MessageBatch<Body> = {
    queue: batch.queue,
    metadata: batch.metadata,
    messages,
    ackAll: () => {
      for (const message of messages) outcome.set(message.id, "ack");
      batch.ackAll();
    },
    retryAll: (options?: QueueRetryOptions) => {
      for (const message of messages) outcome.set(message.id, "retry");
      batch.retryAll(options);
    },
  };
  const ledger = queueLedger();
  try {
    await handle(tracked);
  } catch (error) {
    for (const message of messages) if (outcome.get(message.id) === "ack") ledger.inFlight--;
    throw error;
  }
  for (const message of messages) if (outcome.get(message.id) !== "retry") ledger.inFlight--;
}

/**
 * Resolves once no message is in flight (true), or after timeoutMs (false: what is left is
 * forgotten, so that one lost message does not hold every later file too).
 */
export async function queuesSettled(timeoutMs: number): Promise<boolean> {
  const ledger = queueLedger();
  const deadline = Date.now() + timeoutMs;
  // A request's waitUntil may still be writing its outbox row when the file's last test ends: its
  // send is counted a few milliseconds later.
  await new Promise((resolve) => setTimeout(resolve, 50));
  while (ledger.inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  const settled = ledger.inFlight <= 0;
  ledger.inFlight = 0;
  // The handler has returned; let workerd finish the queue event before the runner may go.
  await new Promise((resolve) => setTimeout(resolve, 10));
  return settled;
}
