import { env, exports } from "cloudflare:workers";
import { afterEach, expect } from "vitest";
import type { ServerEvent } from "../app/modules/realtime/protocol.ts";
import { getDb } from "../worker/db/client.ts";
import type { AuthSession } from "../worker/services/auth-service.ts";
import { createUser, DEFAULT_PASSWORD } from "./factories/index.ts";
import { eventually } from "./e2e/support/eventually.ts";

export const db = () => getDb(env.DB);
export const ORIGIN = "http://localhost";

/** Sends a request through the Worker's real fetch handler. */
export function request(path: string, init?: RequestInit) {
  return exports.default.fetch(new Request(new URL(path, ORIGIN), init));
}

export function json(method: string, body: unknown, headers: Record<string, string> = {}): RequestInit {
  return { method, headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Signs in through POST /api/auth/token and returns the GoTrue session. */
export async function signIn(email: string, password = DEFAULT_PASSWORD, ip = "198.51.100.1"): Promise<AuthSession> {
  const response = await request("/api/auth/token?grant_type=password", json("POST", { email, password }, { "CF-Connecting-IP": ip }));
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A staff user plus a signed-in session for them. */
export async function signedInUser(role: "admin" | "manager" | "sales_rep" = "sales_rep") {
  const user = await createUser(db(), { role });
  return { user, session: await signIn(user.email) };
}

/**
 * A recovery session for `email`, as a recovery link opens one: the link's token from the
 * outbox, spent through POST /api/auth/verify (the only kind of session PUT /api/auth/user
 * sets a password in without the current one).
 */
export async function recoverySession(email: string, ip = "198.51.100.77"): Promise<AuthSession> {
  await request("/api/auth/recover?redirect_to=http://localhost/auth", json("POST", { email }, { "CF-Connecting-IP": ip }));
  const mail = await eventually(
    () =>
      env.DB.prepare("select text_body from email_outbox where kind = 'password_recovery' and to_address = ? order by created_at desc")
        .bind(email)
        .first<{ text_body: string }>(),
    (row) => row !== null,
  );
  const token = new URL(mail!.text_body.match(/https?:\/\/\S+/)![0]).searchParams.get("token");
  const response = await request("/api/auth/verify", json("POST", { type: "recovery", token_hash: token }));
  if (response.status !== 200) throw new Error(`recovery failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The Cookie header the browser would send for a session. */
export function sessionCookie(session: Pick<AuthSession, "access_token" | "refresh_token">) {
  return `crm-access=${session.access_token}; crm-refresh=${session.refresh_token}`;
}

export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split(".")[1]!.replaceAll("-", "+").replaceAll("_", "/");
  return JSON.parse(atob(payload));
}

// Work finishing in waitUntil after the response is awaited with `eventually` (shared with
// the browser journeys, which run in Node and cannot import this file).
export { eventually } from "./e2e/support/eventually.ts";

/** A CRM tab in the workers pool: a signed-in user's socket to their own user room, and every event it received. */
export type UserRoomTab = { ws: WebSocket; events: ServerEvent[] };

/**
 * Opens CRM tabs for a test file (`/parties/user-room/user-<id>` with the session's cookie);
 * the sockets a test opened are closed after it.
 */
export function userRoomTabs(): (s: Awaited<ReturnType<typeof signedInUser>>) => Promise<UserRoomTab> {
  const sockets: WebSocket[] = [];
  afterEach(() => {
    for (const ws of sockets.splice(0)) {
      try {
        ws.close(1000, "test over");
      } catch {
        // already closed
      }
    }
  });
  return async (s) => {
    const response = await request(`/parties/user-room/user-${s.user.id}`, {
      headers: { Upgrade: "websocket", Cookie: sessionCookie(s.session), Origin: ORIGIN },
    });
    expect(response.status).toBe(101);
    const ws = response.webSocket!;
    ws.accept();
    sockets.push(ws);
    const events: ServerEvent[] = [];
    ws.addEventListener("message", (event) => {
      events.push(JSON.parse(event.data as string) as ServerEvent);
    });
    return { ws, events };
  };
}
