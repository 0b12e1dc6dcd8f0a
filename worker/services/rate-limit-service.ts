import { and, asc, eq, gte } from "drizzle-orm";
import { rateLimitEvents } from "../db/schema/index.ts";
import type { Db } from "../db/client.ts";
import { RateLimitedError, type RateLimitMessageKey } from "./errors.ts";

/**
 * Sliding-window limits in D1, so throttling behaves the same locally and deployed.
 * A key names a purpose and a subject, e.g. `signin:ana@x.com|203.0.113.9`.
 *
 * The check and the count are ONE statement (conventions 11): the attempt is reserved by
 * `INSERT … SELECT … WHERE (count in window) < limit`, and whether a row went in is the
 * answer. SQLite runs each statement alone, so N parallel requests can never all see
 * "under the limit": exactly `limit` of them get a row, the rest are refused.
 */
export type RateLimit = {
  limit: number;
  windowMs: number;
  /** What a refused caller reads (default apiErrors.rate_limited, "Try again in {wait}"). */
  message?: RateLimitMessageKey;
};

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Reserves one attempt for `key` if fewer than `limit` were made within the window, in a
 * single statement; otherwise says when the window frees up. Old events of the key (older
 * than a day) are forgotten in the same batch.
 */
export async function consumeRateLimit(db: Db, key: string, { limit, windowMs }: RateLimit, now = new Date()): Promise<RateLimitDecision> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const dayAgo = new Date(now.getTime() - Math.max(windowMs, 86_400_000)).toISOString();
  const d1 = db.$client;
  const [, reserved] = await d1.batch([
    d1.prepare("delete from rate_limit_events where key = ?1 and created_at < ?2").bind(key, dayAgo),
    d1
      .prepare(
        `insert into rate_limit_events (key, created_at)
         select ?1, ?2 where (select count(*) from rate_limit_events where key = ?1 and created_at >= ?3) < ?4
         returning id`,
      )
      .bind(key, now.toISOString(), since, limit),
  ]);
  if ((reserved?.results?.length ?? 0) > 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: await retryAfter(db, key, since, windowMs, now) };
}

/** Like consumeRateLimit, but throws RateLimitedError when refused. */
export async function enforceRateLimit(db: Db, key: string, limit: RateLimit, now = new Date()) {
  const decision = await consumeRateLimit(db, key, limit, now);
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds, limit.message);
}

/** Seconds until the oldest counted event leaves the window (at least 1). */
async function retryAfter(db: Db, key: string, since: string, windowMs: number, now: Date) {
  const [oldest] = await db
    .select({ createdAt: rateLimitEvents.createdAt })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gte(rateLimitEvents.createdAt, since)))
    .orderBy(asc(rateLimitEvents.createdAt))
    .limit(1);
  const freesAt = oldest ? new Date(oldest.createdAt).getTime() + windowMs : now.getTime() + 1000;
  return Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
}

/** Forgets a key's events, e.g. failed sign-ins after a successful one. */
export async function clearRateLimit(db: Db, key: string) {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, key));
}
