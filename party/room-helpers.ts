import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import { CLOSE_CODES, type PongEvent, type ProtocolErrorEvent } from "~/modules/realtime/protocol";
import { parseClientMessage } from "~/modules/realtime/protocol.server";
import { ACCESS_TOKEN_TTL_SECONDS } from "../worker/auth/jwt.ts";

/**
 * The authenticated user's id, set by party/connect-auth.ts on the upgrade request after it
 * checked the session (any value a client sent is removed first). Rooms admit no connection
 * without it: only the Worker's router can reach them, and it always sets or refuses.
 */
export const CONNECTION_USER_HEADER = "x-crm-realtime-user";
/** The session the socket was opened with, and when its access token expires (epoch seconds). */
export const CONNECTION_SESSION_HEADER = "x-crm-realtime-session";
export const CONNECTION_EXPIRES_HEADER = "x-crm-realtime-expires";

/**
 * What a room remembers about a socket (kept across hibernation in its attachment); `visible`:
 * the page last said it is shown (document.visibilityState), absent until it says.
 */
export type ConnectionState = { userId: string; sessionId: string; expiresAt: number; visible?: boolean };

/** Which sockets to close: a user's (all, one session's, or all but one session's). */
export type SessionMatch = { userId: string; sessionId?: string; exceptSessionId?: string };

/**
 * How long a room remembers an ended session: every access token of it has expired by then
 * (at most ACCESS_TOKEN_TTL_SECONDS after the session ended), so no socket can open with it.
 */
const ENDED_SESSION_MEMORY_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;

/**
 * For a room's fetch(): refuses a request the router did not authenticate (no user header)
 * and anything that is not a WebSocket upgrade; null lets partyserver accept the socket.
 */
export function refuseUnauthenticated(request: Request): Response | null {
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Not found", { status: 404 });
  if (!request.headers.get(CONNECTION_USER_HEADER)) return new Response("Forbidden", { status: 403 });
  return null;
}

/** Records the connection's user and session (from the router's headers) in its hibernation-safe state. */
export function rememberUser(connection: Connection, request: Request) {
  const userId = request.headers.get(CONNECTION_USER_HEADER) ?? "";
  const sessionId = request.headers.get(CONNECTION_SESSION_HEADER) ?? "";
  const expiresAt = Number(request.headers.get(CONNECTION_EXPIRES_HEADER)) || 0;
  (connection as Connection<ConnectionState>).setState({ userId, sessionId, expiresAt });
}

/**
 * A socket is only as good as the access token it was opened with: once that expires (at
 * most an hour: ACCESS_TOKEN_TTL_SECONDS) the room closes it with CLOSE_CODES.sessionEnded
 * instead of sending to it, and the client reconnects with its renewed cookie, checked again
 * by the router (a revoked session or a deactivated user is refused there). Sign-out, a
 * password change and a deactivation close the sessions' sockets at once (disconnectSessions).
 */
function expired(connection: Connection, nowSeconds: number): boolean {
  const state = (connection as Connection<ConnectionState>).state;
  return !state || state.expiresAt <= nowSeconds;
}

function endSession(connection: Connection) {
  try {
    connection.close(CLOSE_CODES.sessionEnded, "session ended");
  } catch {
    // already closed
  }
}

/** The room's connections whose session is still good; the expired ones are closed on the way. */
function* liveConnections(connections: Iterable<Connection>): Generator<Connection> {
  const now = Date.now() / 1000;
  for (const connection of connections) {
    if (expired(connection, now)) endSession(connection);
    else yield connection;
  }
}

function matches(connection: Connection, match: SessionMatch): boolean {
  const state = (connection as Connection<ConnectionState>).state;
  if (!state || state.userId !== match.userId) return false;
  if (match.sessionId !== undefined && state.sessionId !== match.sessionId) return false;
  if (match.exceptSessionId !== undefined && state.sessionId === match.exceptSessionId) return false;
  return true;
}

const stamp = () => ({ id: crypto.randomUUID(), created_at: new Date().toISOString() });

/** The close code a server sees when the client's Close frame carried no status (RFC 6455 §7.1.5). */
const NO_STATUS_RECEIVED = 1005;

/**
 * Answers a client's Close frame that carried no status code (a bare `ws.close()`, which the
 * runtime reports as 1005). RFC 6455 §5.5.1: an endpoint that receives a Close frame must send
 * one back (§7.4.1: without a status, since 1005 must never be sent). partyserver 0.5.10
 * answers only a Close frame that had a code: it skips 1005 along with 1006/1015
 * (cloudflare/partykit#394, for sockets whose transport is gone). Cloudflare documents that
 * with web_socket_auto_reply_to_close (default from 2026-04-07; ours is 2026-08-01) the
 * runtime answers by itself and a close() here is silently ignored, but the workerd we run
 * (wrangler 4.124, the vitest pool) does not answer an EMPTY Close frame on a hibernated
 * socket: the client waited for a reply that never came (its `close` event only after its own
 * timeout). Our sockets come straight from the Worker's upgrade, so a 1005 here is a real Close
 * frame from a peer still listening. partysocket itself closes with 1000.
 */
export function completeClose(connection: Connection, code: number) {
  if (code !== NO_STATUS_RECEIVED) return;
  try {
    connection.close();
  } catch {
    // already closed
  }
}

export const pong = (): PongEvent => ({ type: "pong", ...stamp() });
export const protocolError = (): ProtocolErrorEvent => ({ type: "error", code: "invalid_message", ...stamp() });

/** Sends one frame to each connection; returns how many took it. */
export function sendToAll(connections: Iterable<Connection>, frame: string): number {
  let sent = 0;
  for (const connection of liveConnections(connections)) {
    try {
      connection.send(frame);
      sent++;
    } catch {
      // A socket closing right now; it catches up (?after=<last id>) when it reconnects.
    }
  }
  return sent;
}

/**
 * What both rooms are: hibernating, listen-only (clients may only ping), admitting only
 * sockets the router authenticated, remembering each socket's user. Subclasses add the RPC
 * the services call after writing to D1.
 */
export abstract class ListenOnlyRoom extends Server<Env> {
  static override options = { hibernate: true };

  override async fetch(request: Request): Promise<Response> {
    return refuseUnauthenticated(request) ?? super.fetch(request);
  }

  override onConnect(connection: Connection, ctx: ConnectionContext) {
    this.admit(connection, ctx.request);
  }

  /**
   * Records the socket's user and session, then closes it (false) if that session ended
   * since the router checked it: the check and this moment are apart (another Worker, the
   * trip here), and a socket that arrives after disconnectSessions ran would otherwise stay
   * open for the rest of its token's hour. Accepting the socket, remembering its session and
   * this test happen with nothing awaited in between, so disconnectSessions either finds the
   * socket or has already left the session here.
   */
  protected admit(connection: Connection, request: Request): boolean {
    rememberUser(connection, request);
    const { sessionId } = (connection as Connection<ConnectionState>).state!;
    if (!this.hasEnded(sessionId)) return true;
    endSession(connection);
    return false;
  }

  override onClose(connection: Connection, code: number) {
    completeClose(connection, code);
  }

  override onMessage(connection: Connection, message: WSMessage) {
    if (expired(connection, Date.now() / 1000)) return endSession(connection);
    const parsed = parseClientMessage(message);
    if (parsed?.type === "visibility") {
      const state = (connection as Connection<ConnectionState>).state!;
      (connection as Connection<ConnectionState>).setState({ ...state, visible: parsed.visible });
      return;
    }
    connection.send(JSON.stringify(parsed ? pong() : protocolError()));
  }

  /** Whether a live socket of the room's user says its page is visible (Web Push waits while one does). */
  hasVisibleTab(): boolean {
    for (const connection of liveConnections(this.getConnections())) {
      if ((connection as Connection<ConnectionState>).state?.visible) return true;
    }
    return false;
  }

  /**
   * RPC when sessions end (sign-out, a password change, a deactivation…): closes the matching
   * sockets (CLOSE_CODES.sessionEnded) and remembers `endedSessionIds`, so that a socket of
   * theirs still on its way here is closed as it opens (admit); returns how many it closed.
   */
  disconnectSessions(match: SessionMatch, endedSessionIds: readonly string[] = []): number {
    this.rememberEnded(endedSessionIds);
    let closed = 0;
    for (const connection of this.getConnections()) {
      if (!matches(connection, match)) continue;
      endSession(connection);
      closed++;
    }
    return closed;
  }

  #endedTable = false;

  /** The room's own SQLite table of ended sessions (created on first use: rooms have no schema). */
  private endedSessions() {
    const sql = this.ctx.storage.sql;
    if (!this.#endedTable) {
      sql.exec("create table if not exists ended_sessions (session_id text primary key, until integer not null)");
      this.#endedTable = true;
    }
    return sql;
  }

  private rememberEnded(sessionIds: readonly string[]) {
    if (sessionIds.length === 0) return;
    const sql = this.endedSessions();
    const now = Date.now();
    sql.exec("delete from ended_sessions where until < ?", now);
    const until = now + ENDED_SESSION_MEMORY_MS;
    for (const id of sessionIds) sql.exec("insert or replace into ended_sessions (session_id, until) values (?, ?)", id, until);
  }

  private hasEnded(sessionId: string): boolean {
    const rows = this.endedSessions().exec("select 1 from ended_sessions where session_id = ? and until >= ?", sessionId, Date.now());
    return rows.toArray().length > 0;
  }
}
