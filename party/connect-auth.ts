// Authentication BEFORE a room: routePartykitRequest calls this for every WebSocket upgrade
// under /parties/*, and only a request it returns reaches a Durable Object (docs/decisions/014).
// - Origin must be this app's own origin (a page elsewhere cannot ride the staff cookies:
//   the WebSocket handshake is a GET, which the CSRF check of the fetch handler lets by).
// - The staff session: the access token of the session cookie (or a bearer token), checked
//   like every API request (signature, expiry, session not revoked, user active). It is NOT
//   refreshed here: rotating the refresh token needs Set-Cookie on a response the browser
//   may not apply to a 101, which would strand the session; the open CRM renews its cookie
//   every 30 s, and a socket refused with 401 reconnects after that.
// - The room: `channel-<id>` admits whoever may read the channel (public, or a member of a
//   private one); `user-<id>` admits only that user; `team` admits every signed-in staff member.
// The user's id, session and token expiry then travel to the room in CONNECTION_*_HEADER
// (set, replacing any value the client sent). Plain HTTP requests to a room are refused: rooms serve sockets only.
import type { Lobby, PartyServerOptions } from "partyserver";
import { TEAM_ROOM, userRoomName } from "~/modules/realtime/protocol";
import { errorResponse, type ApiErrorCode } from "../worker/http/error-response.ts";
import { AuthError } from "../worker/auth/auth-error.ts";
import { bearerToken } from "../worker/auth/request-auth.ts";
import { isSecureRequest, readCookie, sessionCookieNames } from "../worker/auth/cookies.ts";
import { getDb } from "../worker/db/client.ts";
import { requestLanguage } from "../worker/lib/request-language.ts";
import { authenticateAccessToken } from "../worker/services/auth-service.ts";
import { canReadChannel } from "../worker/services/chat-service.ts";
import { CONNECTION_EXPIRES_HEADER, CONNECTION_SESSION_HEADER, CONNECTION_USER_HEADER } from "./room-helpers.ts";

const CHANNEL_PREFIX = "channel-";

/** Options for routePartykitRequest in the Worker's fetch handler. */
export function partyRouting(env: Env): PartyServerOptions<Env> {
  return {
    onBeforeConnect: (request, lobby) => authorizeConnection(request, env, lobby),
    onBeforeRequest: (request) => errorResponse(requestLanguage(request), 404, "not_found"),
  };
}

/** The access token the upgrade request carries: `Authorization: Bearer` (any other Authorization is refused), else the session cookie. */
function accessToken(request: Request): string | null {
  const bearer = bearerToken(request);
  if (bearer !== undefined) return bearer;
  return readCookie(request, sessionCookieNames(isSecureRequest(request)).access);
}

export async function authorizeConnection(
  request: Request,
  env: Env,
  lobby: Pick<Lobby<Env>, "className" | "name">,
): Promise<Request | Response> {
  const refuse = (status: 401 | 403 | 404, code: ApiErrorCode) => errorResponse(requestLanguage(request), status, code);

  const origin = request.headers.get("Origin");
  if (!origin || origin !== new URL(request.url).origin) return refuse(403, "forbidden");

  const token = accessToken(request);
  if (!token) return refuse(401, "unauthorized");
  const ctx = { db: getDb(env.DB), env };
  let userId: string;
  let session: { id: string; expiresAt: number };
  try {
    const auth = await authenticateAccessToken(ctx, token);
    userId = auth.user.id;
    session = auth.session;
  } catch (error) {
    if (error instanceof AuthError) return refuse(401, "unauthorized");
    throw error;
  }

  if (lobby.className === "ChatRoom") {
    const channelId = lobby.name.startsWith(CHANNEL_PREFIX) ? lobby.name.slice(CHANNEL_PREFIX.length) : "";
    if (!channelId || !(await canReadChannel(ctx, userId, channelId))) return refuse(403, "forbidden");
  } else if (lobby.className === "UserRoom") {
    if (lobby.name !== userRoomName(userId)) return refuse(403, "forbidden");
  } else if (lobby.className === "TeamRoom") {
    if (lobby.name !== TEAM_ROOM) return refuse(404, "not_found");
  } else {
    return refuse(404, "not_found");
  }

  const forwarded = new Request(request);
  forwarded.headers.set(CONNECTION_USER_HEADER, userId);
  forwarded.headers.set(CONNECTION_SESSION_HEADER, session.id);
  forwarded.headers.set(CONNECTION_EXPIRES_HEADER, String(session.expiresAt));
  return forwarded;
}
