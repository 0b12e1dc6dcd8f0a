import { env } from "cloudflare:workers";
import { afterAll } from "vitest";
import { countQueueSends, queuesSettled } from "./queue-ledger.ts";

// Every file's queue messages are delivered before the file ends (see queue-ledger.ts): a
// dispatch still on its way when Vitest disposes the runner hangs the whole run at exit.
countQueueSends(env as unknown as Record<string, unknown>);

/** Longer than the queues' batch timeout (1 s) and a handler's work on a busy machine. */
const DRAIN_TIMEOUT_MS = 15_000;

afterAll(async () => {
  const before = Date.now();
  if (!(await queuesSettled(DRAIN_TIMEOUT_MS))) {
    console.warn(`queue messages still in flight ${Date.now() - before} ms after the file's last test; the runner goes on without them`);
  }
}, DRAIN_TIMEOUT_MS + 5_000);
