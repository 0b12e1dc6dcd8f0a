import type { Connection } from "partyserver";
import type { PongEvent, ProtocolErrorEvent } from "~/modules/realtime/protocol";

/**
 * The authenticated user's id, set by party/connect-auth.ts on the upgrade request after it
 * checked the session (any value a client sent is removed first). Rooms admit no connection
 * without it: only the Worker's router can reach them, and it always sets or refuses.
 */
export const CONNECTION_USER_HEADER = "x-crm-realtime-user";

/** What a room remembers about a socket (kept across hibernation in its attachment). */
export type ConnectionState = { userId: string };

/**
 * For a room's fetch(): refuses a request the router did not authenticate (no user header)
 * and anything that is not a WebSocket upgrade; null lets partyserver accept the socket.
 */
export function refuseUnauthenticated(request: Request): Response | null {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Not found", { status: 404 });
  if (!request.headers.get(CONNECTION_USER_HEADER)) return new Response("Forbidden", { status: 403 });
  return null;
}

/** Records the connection's user (from the router's header) in its hibernation-safe state. */
export function rememberUser(connection: Connection, request: Request) {
  const userId = request.headers.get(CONNECTION_USER_HEADER) ?? "";
  (connection as Connection<ConnectionState>).setState({ userId });
}

const stamp = () => ({ id: crypto.randomUUID(), created_at: new Date().toISOString() });

export const pong = (): PongEvent => ({ type: "pong", ...stamp() });
export const protocolError = (): ProtocolErrorEvent => ({ type: "error", code: "invalid_message", ...stamp() });
