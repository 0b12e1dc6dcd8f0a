// Polling for something that happens after the call that caused it has returned. Shared by
// the workers-pool tests (through tests/helpers.ts) and the browser journeys, so it imports
// nothing: tests/helpers.ts needs `cloudflare:workers`, which Node cannot load.

/**
 * Calls `read` until `done` holds for its value or `timeoutMs` has passed, and returns the
 * last value either way: the caller asserts on it, so a failure shows what was last seen.
 */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 3000, intervalMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
