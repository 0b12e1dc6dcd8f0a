import { and, asc, count, eq, gte, lt } from "drizzle-orm";
import { rateLimitEvents } from "../db/schema/index.ts";
import type { Db } from "../db/client.ts";

/**
 * Sliding-window counters in D1, so throttling behaves the same locally and deployed.
 * A key names a purpose and a subject, e.g. `signin:ana@x.com|203.0.113.9`.
 */
export type RateLimit = { limit: number; windowMs: number };

export type RateLimitState = { limited: boolean; count: number; retryAfterSeconds: number };

export async function rateLimitState(db: Db, key: string, { limit, windowMs }: RateLimit, now = new Date()): Promise<RateLimitState> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const inWindow = and(eq(rateLimitEvents.key, key), gte(rateLimitEvents.createdAt, since));
  const [row] = await db.select({ n: count() }).from(rateLimitEvents).where(inWindow);
  const n = row?.n ?? 0;
  if (n < limit) return { limited: false, count: n, retryAfterSeconds: 0 };
  // The window frees up when the oldest counted event leaves it.
  const [oldest] = await db
    .select({ createdAt: rateLimitEvents.createdAt })
    .from(rateLimitEvents)
    .where(inWindow)
    .orderBy(asc(rateLimitEvents.createdAt))
    .limit(1);
  const freesAt = new Date(oldest!.createdAt).getTime() + windowMs;
  return { limited: true, count: n, retryAfterSeconds: Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000)) };
}

/** Counts one event for the key (and forgets this key's events older than a day). */
export async function recordRateLimitEvent(db: Db, key: string, now = new Date()) {
  const dayAgo = new Date(now.getTime() - 86_400_000).toISOString();
  await db.batch([
    db.delete(rateLimitEvents).where(and(eq(rateLimitEvents.key, key), lt(rateLimitEvents.createdAt, dayAgo))),
    db.insert(rateLimitEvents).values({ key, createdAt: now.toISOString() }),
  ]);
}

/** Forgets a key's events, e.g. failed sign-ins after a successful one. */
export async function clearRateLimit(db: Db, key: string) {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, key));
}
