import { eq } from "drizzle-orm";
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
  /**
   * How long a key's events are kept (default: a day, or the window when longer). A busy key
   * with a short window (an API token's 600 a minute) keeps no more than its window.
   */
  retainMs?: number;
};

export type RateLimitDecision =
  | { allowed: true; remaining: number; resetSeconds: number }
  | { allowed: false; retryAfterSeconds: number; remaining: 0; resetSeconds: number };

/**
 * Reserves one attempt for `key` if fewer than `limit` were made within the window, in a
 * single statement; otherwise says when the window frees up. Old events of the key (older
 * than a day) are forgotten in the same batch. The batch's last statement reads the window
 * as the reservation left it (a D1 batch runs as one transaction, so nothing comes between):
 * `remaining` attempts, and `resetSeconds` until its oldest event leaves the window (issue 25:
 * the RateLimit header fields of API token answers).
 */
export async function consumeRateLimit(
  db: Db,
  key: string,
  { limit, windowMs, retainMs = 86_400_000 }: RateLimit,
  now = new Date(),
): Promise<RateLimitDecision> {
  const since = new Date(now.getTime() - windowMs).toISOString();
  const dayAgo = new Date(now.getTime() - Math.max(windowMs, retainMs)).toISOString();
  const d1 = db.$client;
  const [, reserved, window] = await d1.batch([
    d1.prepare("delete from rate_limit_events where key = ?1 and created_at < ?2").bind(key, dayAgo),
    d1
      .prepare(
        `insert into rate_limit_events (key, created_at)
         select ?1, ?2 where (select count(*) from rate_limit_events where key = ?1 and created_at >= ?3) < ?4
         returning id`,
      )
      .bind(key, now.toISOString(), since, limit),
    d1
      .prepare("select count(*) as used, min(created_at) as oldest from rate_limit_events where key = ?1 and created_at >= ?2")
      .bind(key, since),
  ]);
  const { used, oldest } = (window?.results?.[0] ?? { used: 0, oldest: null }) as { used: number; oldest: string | null };
  const freesAt = oldest ? new Date(oldest).getTime() + windowMs : now.getTime() + 1000;
  const resetSeconds = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
  if ((reserved?.results?.length ?? 0) > 0) return { allowed: true, remaining: Math.max(0, limit - used), resetSeconds };
  return { allowed: false, retryAfterSeconds: resetSeconds, remaining: 0, resetSeconds };
}

/** Like consumeRateLimit, but throws RateLimitedError when refused. */
export async function enforceRateLimit(db: Db, key: string, limit: RateLimit, now = new Date()) {
  const decision = await consumeRateLimit(db, key, limit, now);
  if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds, limit.message);
}

/** Forgets a key's events, e.g. failed sign-ins after a successful one. */
export async function clearRateLimit(db: Db, key: string) {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.key, key));
}
