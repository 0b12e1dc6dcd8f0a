// Staff reads go through a D1 session (docs/decisions/011-d1-sessions.md). With read
// replication on, a session may read from a nearby replica; its bookmark names the newest
// write it has seen, and a session opened with that bookmark never reads anything older.
// The bookmark travels between requests in a cookie (the CRM in the browser) or the
// X-D1-Bookmark header (API clients), so a staff member always reads their own writes.
import { drizzle } from "drizzle-orm/d1";
import { hasSessionCookie, isSecureRequest } from "../auth/cookies.ts";
import { readCookie } from "../lib/cookies.ts";
import type { Db } from "./client.ts";
import * as schema from "./schema/index.ts";

export const BOOKMARK_COOKIE = "crm-d1-bookmark";
export const BOOKMARK_HEADER = "X-D1-Bookmark";

// D1 bookmarks are hex groups joined by dashes; anything else is ignored, never passed on.
const BOOKMARK_SHAPE = /^[0-9A-Za-z-]{1,200}$/;

/** The request's bookmark (header first, then cookie), or null when absent or malformed. */
export function requestBookmark(request: Request): string | null {
  const value = request.headers.get(BOOKMARK_HEADER)?.trim() || readCookie(request, BOOKMARK_COOKIE);
  return value && BOOKMARK_SHAPE.test(value) ? value : null;
}

/** Requests that may be a staff member's: a session cookie or a bearer token. */
export function isStaffRequest(request: Request): boolean {
  return hasSessionCookie(request) || /^bearer\s/i.test(request.headers.get("Authorization") ?? "");
}

export type RequestDb = {
  db: Db;
  /** The session's bookmark after the request's queries (null outside a session). */
  bookmark: () => string | null;
};

/**
 * The database of one request: a D1 session continuing from the request's bookmark for
 * staff requests, the plain binding for anonymous visitors (whose pages may be cached).
 */
export function openRequestDb(d1: D1Database, request: Request): RequestDb {
  if (!isStaffRequest(request) || typeof d1.withSession !== "function") {
    return { db: drizzle(d1, { schema }), bookmark: () => null };
  }
  const session = d1.withSession(requestBookmark(request) ?? "first-unconstrained");
  // A session has prepare() and batch(), all drizzle's D1 driver calls.
  return { db: drizzle(session as unknown as D1Database, { schema }), bookmark: () => session.getBookmark() };
}

/**
 * Adds the session's bookmark to a response: the X-D1-Bookmark header always, the cookie
 * when it changed (so a page that only read does not set a cookie on every response).
 */
export function withBookmark(request: Request, response: Response, bookmark: string | null): Response {
  if (!bookmark || !BOOKMARK_SHAPE.test(bookmark)) return response;
  const copy = new Response(response.body, response);
  copy.headers.set(BOOKMARK_HEADER, bookmark);
  if (bookmark !== requestBookmark(request) && hasSessionCookie(request)) {
    const secure = isSecureRequest(request);
    copy.headers.append(
      "Set-Cookie",
      [`${BOOKMARK_COOKIE}=${bookmark}`, "Path=/", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])].join("; "),
    );
  }
  return copy;
}
