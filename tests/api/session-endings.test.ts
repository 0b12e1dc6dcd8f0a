// An ending ends everywhere (endSessions in auth-service): a deactivation, a password change
// and a replayed refresh token end the sessions they concern, their refresh tokens and their
// open sockets in the user, team and channel rooms in the same step, against live sockets of
// the real Durable Objects; the sockets of other sessions and other people stay open. Sign-out
// is proven the same way in realtime.test.ts.
import { env } from "cloudflare:workers";
import { getServerByName } from "partyserver";
import { afterEach, describe, expect, it } from "vitest";
import { channelRoomName, TEAM_ROOM, userRoomName, type ServerEvent } from "../../app/modules/realtime/protocol.ts";
import { authorizeConnection } from "../../party/connect-auth.ts";
import { getDb } from "../../worker/db/client.ts";
import type { ChatChannelDto, ChatMessageDto } from "../../worker/services/crm-types.ts";
import { publishNotifications } from "../../worker/services/notification-service.ts";
import { createNotification, DEFAULT_PASSWORD } from "../factories/index.ts";
import { bearer, db, json, ORIGIN, request, sessionCookie, signedInUser, signIn } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;
type Socket = { ws: WebSocket; events: ServerEvent[] };

const open: WebSocket[] = [];

afterEach(() => {
  for (const ws of open.splice(0)) {
    try {
      ws.close(1000, "test over");
    } catch {
      // already closed
    }
  }
});

const teamPath = "/parties/team-room/team";
const userPath = (s: Session) => `/parties/user-room/user-${s.user.id}`;
const chatPath = (channelId: string) => `/parties/chat-room/channel-${channelId}`;

function upgrade(path: string, s: Session) {
  return request(path, { headers: { Upgrade: "websocket", Cookie: sessionCookie(s.session), Origin: ORIGIN } });
}

function listen(ws: WebSocket): Socket {
  ws.accept();
  open.push(ws);
  const socket: Socket = { ws, events: [] };
  ws.addEventListener("message", (event) => socket.events.push(JSON.parse(event.data as string) as ServerEvent));
  return socket;
}

async function connect(path: string, s: Session): Promise<Socket> {
  const response = await upgrade(path, s);
  if (response.status !== 101) throw new Error(`not upgraded: ${response.status} ${await response.text()}`);
  return listen(response.webSocket!);
}

/** Resolves with the close code the room sent, or null when the socket is still open after `ms`. */
function closedWith(socket: Socket, ms = 3000): Promise<number | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    socket.ws.addEventListener("close", (event) => {
      clearTimeout(timer);
      resolve(event.code);
    });
  });
}

async function until(done: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

const settle = () => new Promise((r) => setTimeout(r, 200));

async function newChannel(s: Session, body: Record<string, unknown>) {
  const response = await request("/api/chat/channels", json("POST", body, bearer(s.session.access_token)));
  expect(response.status).toBe(201);
  return ((await response.json()) as { channel: ChatChannelDto }).channel;
}

async function send(s: Session, channelId: string, content: string) {
  const response = await request(`/api/chat/channels/${channelId}/messages`, json("POST", { content }, bearer(s.session.access_token)));
  expect(response.status).toBe(201);
  return ((await response.json()) as { message: ChatMessageDto }).message;
}

const setActive = (admin: Session, userId: string, active: boolean) =>
  request(`/api/users/${userId}/status`, json("PATCH", { is_active: active }, bearer(admin.session.access_token)));

const refresh = (token: string) => request("/api/auth/token?grant_type=refresh_token", json("POST", { refresh_token: token }));

/** Sessions and refresh tokens of a user still alive in D1. */
async function alive(userId: string) {
  const row = await env.DB.prepare(
    `select
       (select count(*) from auth_sessions where user_id = ?1 and revoked_at is null) as sessions,
       (select count(*) from refresh_tokens t join auth_sessions s on s.id = t.session_id
         where s.user_id = ?1 and t.revoked_at is null) as refresh_tokens`,
  )
    .bind(userId)
    .first<{ sessions: number; refresh_tokens: number }>();
  return row!;
}

const types = (socket: Socket) => socket.events.map((event) => event.type);

describe("deactivation", () => {
  it("closes every socket of the user in the user, team and channel rooms at once (4401); they get nothing more, a colleague's sockets stay open", async () => {
    const admin = await signedInUser("admin");
    const rep = await signedInUser("sales_rep");
    const repPhone: Session = { user: rep.user, session: await signIn(rep.user.email) };
    const colleague = await signedInUser("sales_rep");
    const shared = await newChannel(colleague, { name: "vendas" });
    const secret = await newChannel(colleague, { name: "vendas-reservado", is_private: true });
    expect(
      (
        await request(
          `/api/chat/channels/${secret.id}/members`,
          json("POST", { user_id: rep.user.id }, bearer(colleague.session.access_token)),
        )
      ).status,
    ).toBe(201);

    const repSockets = await Promise.all([
      connect(teamPath, rep),
      connect(userPath(rep), rep),
      connect(chatPath(shared.id), rep),
      connect(chatPath(secret.id), rep),
      connect(teamPath, repPhone),
      connect(userPath(rep), repPhone),
    ]);
    const colleagueSockets = await Promise.all([
      connect(teamPath, colleague),
      connect(userPath(colleague), colleague),
      connect(chatPath(shared.id), colleague),
      connect(chatPath(secret.id), colleague),
    ]);
    const closes = repSockets.map((socket) => closedWith(socket));
    const stays = colleagueSockets.map((socket) => closedWith(socket, 800));

    const response = await setActive(admin, rep.user.id, false);
    expect(response.status).toBe(200);
    const answeredAt = Date.now();
    expect(await Promise.all(closes)).toEqual(repSockets.map(() => 4401));
    expect(Date.now() - answeredAt, "closed with the answer, not when the tokens expire").toBeLessThan(1000);
    expect(await Promise.all(stays)).toEqual(colleagueSockets.map(() => null));
    expect(await alive(rep.user.id)).toEqual({ sessions: 0, refresh_tokens: 0 });
    const seenWhenClosed = repSockets.map((socket) => socket.events.length);

    // Everything the rooms send from now on: messages in both channels, a lead for the team,
    // a notification for the rep. The colleague gets it; the rep's sockets nothing.
    const inShared = await send(colleague, shared.id, "depois da desativação");
    const inSecret = await send(colleague, secret.id, "só para membros");
    const lead = await request("/api/leads", json("POST", { name: "Lead novo" }, bearer(colleague.session.access_token)));
    expect(lead.status).toBe(201);
    const since = new Date().toISOString();
    await createNotification(db(), { userId: rep.user.id, createdAt: since });
    await publishNotifications({ db: getDb(env.DB), env }, [rep.user.id], { since });
    const [team, , sharedRoom, secretRoom] = colleagueSockets;
    await until(() => types(team!).includes("lead.changed") && sharedRoom!.events.length > 0 && secretRoom!.events.length > 0);
    await settle();
    expect(types(team!)).toContain("lead.changed");
    expect(sharedRoom!.events.map((event) => event.id)).toEqual([inShared.id]);
    expect(secretRoom!.events.map((event) => event.id)).toEqual([inSecret.id]);
    expect(repSockets.map((socket) => socket.events.length)).toEqual(seenWhenClosed);

    // Nor can they come back, with either session's cookies or refresh token.
    for (const s of [rep, repPhone]) {
      expect((await upgrade(teamPath, s)).status).toBe(401);
      expect((await refresh(s.session.refresh_token)).status).toBe(400);
    }
  }, 30_000);

  it("a socket that passed the connection check just before the deactivation is closed as it reaches its room", async () => {
    const admin = await signedInUser("admin");
    const rep = await signedInUser("sales_rep");
    const colleague = await signedInUser("manager");
    const channel = await newChannel(colleague, { name: "corrida" });
    const rooms = [
      { path: teamPath, lobby: { className: "TeamRoom" as const, name: TEAM_ROOM }, stub: () => getServerByName(env.TeamRoom, TEAM_ROOM) },
      {
        path: userPath(rep),
        lobby: { className: "UserRoom" as const, name: userRoomName(rep.user.id) },
        stub: () => getServerByName(env.UserRoom, userRoomName(rep.user.id)),
      },
      {
        path: chatPath(channel.id),
        lobby: { className: "ChatRoom" as const, name: channelRoomName(channel.id) },
        stub: () => getServerByName(env.ChatRoom, channelRoomName(channel.id)),
      },
    ];
    // The router's check passes for all three…
    const checked = await Promise.all(
      rooms.map(({ path, lobby }) =>
        authorizeConnection(
          new Request(new URL(path, ORIGIN), { headers: { Upgrade: "websocket", Cookie: sessionCookie(rep.session), Origin: ORIGIN } }),
          env,
          lobby,
        ),
      ),
    );
    for (const forwarded of checked) expect(forwarded).toBeInstanceOf(Request);
    // …then the deactivation ends the session before the sockets reach their rooms.
    expect((await setActive(admin, rep.user.id, false)).status).toBe(200);
    const late: Socket[] = [];
    const closes: Promise<number | null>[] = [];
    for (const [i, room] of rooms.entries()) {
      const response = await (await room.stub()).fetch(checked[i] as Request);
      expect(response.status).toBe(101);
      const socket = listen(response.webSocket!);
      late.push(socket);
      closes.push(closedWith(socket));
    }
    expect(await Promise.all(closes)).toEqual([4401, 4401, 4401]);
    await send(colleague, channel.id, "ninguém atrasado ouve isto");
    await settle();
    for (const socket of late) expect(socket.events).toEqual([]);
  }, 30_000);
});

describe("password change (PUT /api/auth/user)", () => {
  it("ends every other session of the user, with its refresh tokens and sockets; the current session and its sockets stay", async () => {
    const me = await signedInUser("sales_rep");
    const laptop: Session = { user: me.user, session: await signIn(me.user.email) };
    const channel = await newChannel(me, { name: "senha" });
    const mine = await Promise.all([connect(teamPath, me), connect(userPath(me), me), connect(chatPath(channel.id), me)]);
    const theirs = await Promise.all([connect(teamPath, laptop), connect(userPath(laptop), laptop), connect(chatPath(channel.id), laptop)]);
    const closes = theirs.map((socket) => closedWith(socket));
    const stays = mine.map((socket) => closedWith(socket, 800));

    const response = await request(
      "/api/users/me/password",
      json("POST", { current_password: DEFAULT_PASSWORD, new_password: "cavalo correto bateria grampo" }, bearer(me.session.access_token)),
    );
    expect(response.status).toBe(204);
    expect(await Promise.all(closes)).toEqual([4401, 4401, 4401]);
    expect(await Promise.all(stays)).toEqual([null, null, null]);
    expect(await alive(me.user.id)).toEqual({ sessions: 1, refresh_tokens: 1 });

    const message = await send(me, channel.id, "nova senha");
    await until(() => mine[2]!.events.length > 0);
    await settle();
    expect(mine[2]!.events.map((event) => event.id)).toEqual([message.id]);
    for (const socket of theirs) expect(socket.events).toEqual([]);

    expect((await request("/api/auth/user", { headers: bearer(laptop.session.access_token) })).status).toBe(401);
    expect((await refresh(laptop.session.refresh_token)).status).toBe(400);
    expect((await upgrade(teamPath, laptop)).status).toBe(401);
    expect((await request("/api/auth/user", { headers: bearer(me.session.access_token) })).status).toBe(200);
    expect((await refresh(me.session.refresh_token)).status).toBe(200);
  }, 30_000);
});

describe("a replayed refresh token", () => {
  it("ends its session everywhere: the session's sockets close too", async () => {
    const me = await signedInUser("sales_rep");
    const socket = await connect(teamPath, me);
    const closed = closedWith(socket);
    expect((await refresh(me.session.refresh_token)).status).toBe(200);
    // Presented again after the grace period: taken as stolen.
    await env.DB.prepare("update refresh_tokens set used_at = ? where used_at is not null")
      .bind(new Date(Date.now() - 60_000).toISOString())
      .run();
    const replay = await refresh(me.session.refresh_token);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error_code: "refresh_token_already_used" });
    expect(await closed).toBe(4401);
    expect(await alive(me.user.id)).toEqual({ sessions: 0, refresh_tokens: 0 });
  });
});
