// The realtime rooms against the real Durable Objects (party/, docs/decisions/014): who may
// connect, persist-then-broadcast of chat messages, reconnect backfill by last id, and the
// per-user notification fan-out.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type {
  ChatActivityEvent,
  ChatChannelEvent,
  ChatMessageEvent,
  NotificationCreatedEvent,
  ServerEvent,
  UnreadCountEvent,
} from "../../app/modules/realtime/protocol.ts";
import { getDb } from "../../worker/db/client.ts";
import type { ChatChannelDto, ChatMessageDto, Page } from "../../worker/services/crm-types.ts";
import { publishNotifications } from "../../worker/services/notification-service.ts";
import { createNotification } from "../factories/index.ts";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from "../../worker/auth/jwt.ts";
import { bearer, db, decodeJwt, json, ORIGIN, request, sessionCookie, signedInUser, signIn } from "../helpers.ts";

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

const cookieOf = (s: Session) => sessionCookie(s.session);
const chatPath = (channelId: string) => `/parties/chat-room/channel-${channelId}`;
const userPath = (userId: string) => `/parties/user-room/user-${userId}`;

function upgrade(path: string, headers: Record<string, string>) {
  return request(path, { headers: { Upgrade: "websocket", ...headers } });
}

async function connect(path: string, s: Session): Promise<Socket> {
  const response = await upgrade(path, { Cookie: cookieOf(s), Origin: ORIGIN });
  if (response.status !== 101) throw new Error(`not upgraded: ${response.status} ${await response.text()}`);
  const ws = response.webSocket!;
  ws.accept();
  open.push(ws);
  const socket: Socket = { ws, events: [] };
  ws.addEventListener("message", (event) => {
    socket.events.push(JSON.parse(event.data as string) as ServerEvent);
  });
  return socket;
}

async function until(done: () => boolean, timeoutMs = 3000) {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
}

const settle = () => new Promise((r) => setTimeout(r, 150));

const chatEvents = (socket: Socket) => socket.events.filter((e): e is ChatMessageEvent => e.type === "chat.message");

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

let alice: Session;
let bob: Session;
let carol: Session;

beforeAll(async () => {
  [alice, bob, carol] = [await signedInUser("sales_rep"), await signedInUser("manager"), await signedInUser("sales_rep")];
});

describe("who may connect", () => {
  it("refuses a connection without a session (401) or with a bad token, without upgrading", async () => {
    const channel = await newChannel(alice, { name: "aberto-auth" });
    for (const cookie of [undefined, "crm-access=not-a-token", `crm-access=${alice.session.access_token}x`]) {
      const response = await upgrade(chatPath(channel.id), { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) });
      expect(response.status, String(cookie)).toBe(401);
      expect(response.webSocket).toBeNull();
    }
  });

  it("refuses an Authorization header that is not a valid bearer token (401), even beside a valid session cookie", async () => {
    const channel = await newChannel(alice, { name: "aberto-basic" });
    for (const authorization of ["Basic YWRtaW46YWRtaW4=", "Bearer", `Bearer ${alice.session.access_token}x`, "Token abc"]) {
      const response = await upgrade(chatPath(channel.id), { Origin: ORIGIN, Cookie: cookieOf(alice), Authorization: authorization });
      expect(response.status, authorization).toBe(401);
      expect(response.webSocket).toBeNull();
    }
    const bearerOnly = await upgrade(chatPath(channel.id), { Origin: ORIGIN, Authorization: `Bearer ${alice.session.access_token}` });
    expect(bearerOnly.status).toBe(101);
    bearerOnly.webSocket?.accept();
    bearerOnly.webSocket?.close(1000);
  });

  it("refuses another origin and a missing Origin (403)", async () => {
    const channel = await newChannel(alice, { name: "aberto-origin" });
    for (const origin of ["https://evil.example", "http://localhost:9999", undefined]) {
      const response = await upgrade(chatPath(channel.id), { Cookie: cookieOf(alice), ...(origin ? { Origin: origin } : {}) });
      expect(response.status, String(origin)).toBe(403);
      expect(response.webSocket).toBeNull();
    }
  });

  it("admits anyone signed in to a public channel, only members to a private one", async () => {
    const open = await newChannel(alice, { name: "aberto-todos" });
    await connect(chatPath(open.id), carol);
    const secret = await newChannel(alice, { name: "segredo", is_private: true });
    const refused = await upgrade(chatPath(secret.id), { Cookie: cookieOf(carol), Origin: ORIGIN });
    expect(refused.status).toBe(403);
    expect(refused.webSocket).toBeNull();
    await connect(chatPath(secret.id), alice);
    expect((await upgrade(chatPath("no-such-channel"), { Cookie: cookieOf(alice), Origin: ORIGIN })).status).toBe(403);
    expect((await upgrade("/parties/chat-room/not-a-channel-name", { Cookie: cookieOf(alice), Origin: ORIGIN })).status).toBe(403);
  });

  it("admits only the user to their own user room, whatever user header a client forges", async () => {
    await connect(userPath(alice.user.id), alice);
    const other = await upgrade(userPath(bob.user.id), { Cookie: cookieOf(alice), Origin: ORIGIN, "x-crm-realtime-user": bob.user.id });
    expect(other.status).toBe(403);
    const anonymous = await upgrade(userPath(bob.user.id), { Origin: ORIGIN, "x-crm-realtime-user": bob.user.id });
    expect(anonymous.status).toBe(401);
  });

  it("serves no plain HTTP on a room", async () => {
    const channel = await newChannel(alice, { name: "http" });
    const response = await request(chatPath(channel.id), { headers: { Cookie: cookieOf(alice) } });
    expect(response.status).toBe(404);
  });
});

describe("chat room", () => {
  it("delivers a message POSTed by one user to every connected socket exactly once, after it is in D1", async () => {
    const channel = await newChannel(alice, { name: "entrega" });
    const bobSocket = await connect(chatPath(channel.id), bob);
    const carolSocket = await connect(chatPath(channel.id), carol);
    const message = await send(alice, channel.id, "Reunião às 15h");
    await until(() => chatEvents(bobSocket).length > 0 && chatEvents(carolSocket).length > 0);
    await settle();
    for (const socket of [bobSocket, carolSocket]) {
      expect(chatEvents(socket)).toEqual<ChatMessageEvent[]>([
        { type: "chat.message", id: message.id, created_at: message.created_at, channel_id: channel.id, message },
      ]);
    }
    const stored = await env.DB.prepare("select content, user_id from chat_messages where id = ?").bind(message.id).first();
    expect(stored).toEqual({ content: "Reunião às 15h", user_id: alice.user.id });
  });

  it("does not send one channel's messages to another channel's sockets", async () => {
    const one = await newChannel(alice, { name: "um" });
    const two = await newChannel(alice, { name: "dois" });
    const listener = await connect(chatPath(two.id), bob);
    await send(alice, one.id, "só no um");
    await settle();
    expect(chatEvents(listener)).toEqual([]);
  });

  it("after a reconnect, GET ?after=<last id> returns exactly the messages missed, and live delivery resumes", async () => {
    const channel = await newChannel(alice, { name: "queda" });
    const first = await connect(chatPath(channel.id), bob);
    const seen = await send(alice, channel.id, "antes da queda");
    await until(() => chatEvents(first).length === 1);
    const lastId = chatEvents(first).at(-1)!.id;
    expect(lastId).toBe(seen.id);
    first.ws.close(1000, "offline");
    await settle();

    const missed = [
      await send(alice, channel.id, "perdida 1"),
      await send(carol, channel.id, "perdida 2"),
      await send(alice, channel.id, "perdida 3"),
    ];
    const again = await connect(chatPath(channel.id), bob);
    const response = await request(`/api/chat/channels/${channel.id}/messages?after=${lastId}`, {
      headers: bearer(bob.session.access_token),
    });
    expect(response.status).toBe(200);
    const backfill = (await response.json()) as Page<ChatMessageDto>;
    expect(backfill.items).toEqual(missed);
    expect(backfill.next_cursor).toBeNull();

    const live = await send(carol, channel.id, "ao vivo");
    await until(() => chatEvents(again).length > 0);
    await settle();
    expect(chatEvents(again).map((e) => e.id)).toEqual([live.id]);
  });

  it("answers a ping with a pong and refuses anything else without re-broadcasting it", async () => {
    const channel = await newChannel(alice, { name: "ping" });
    const talker = await connect(chatPath(channel.id), alice);
    const listener = await connect(chatPath(channel.id), bob);
    talker.ws.send(JSON.stringify({ type: "ping" }));
    talker.ws.send(JSON.stringify({ type: "chat.message", message: { content: "<b>forjada</b>" } }));
    talker.ws.send("not json");
    await until(() => talker.events.length >= 3);
    expect(talker.events.map((e) => e.type)).toEqual(["pong", "error", "error"]);
    for (const event of talker.events) expect(event).toMatchObject({ id: expect.any(String), created_at: expect.any(String) });
    await settle();
    expect(listener.events).toEqual([]);
    expect(
      await env.DB.prepare("select count(*) as n from chat_messages where channel_id = ?").bind(channel.id).first<{ n: number }>(),
    ).toEqual({ n: 0 });
  });
});

describe("closing", () => {
  /** Closes the client end and resolves with the close event, or null when none came within 3 s. */
  function closeAndWait(ws: WebSocket, code?: number, reason?: string) {
    return new Promise<CloseEvent | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), 3000);
      ws.addEventListener("close", (event) => {
        clearTimeout(timer);
        resolve(event);
      });
      if (code === undefined) ws.close();
      else ws.close(code, reason);
    });
  }

  // RFC 6455 §5.5.1: an endpoint that receives a Close frame must answer with one. A bare
  // close() sends a Close frame without a status code (1005 on the server), which partyserver
  // does not reciprocate on a hibernating room; the rooms answer it themselves.
  it("completes the close handshake when a client closes, with or without a status code", async () => {
    const channel = await newChannel(alice, { name: "fechar" });
    for (const [path, who] of [
      [chatPath(channel.id), bob],
      [userPath(bob.user.id), bob],
      ["/parties/team-room/team", carol],
    ] as const) {
      for (const code of [undefined, 1000, 4000]) {
        const socket = await connect(path, who);
        const closed = await closeAndWait(socket.ws, code, "bye");
        expect(closed, `${path} close(${code ?? ""})`).not.toBeNull();
        expect(closed!.code, "the room echoes the code, or sends none back when none came").toBe(code ?? 1005);
      }
    }
    // The room still serves the sockets that stay.
    const stays = await connect(chatPath(channel.id), carol);
    const leaves = await connect(chatPath(channel.id), bob);
    expect(await closeAndWait(leaves.ws)).not.toBeNull();
    const message = await send(alice, channel.id, "depois do fechamento");
    await until(() => chatEvents(stays).length > 0);
    expect(chatEvents(stays).map((e) => e.id)).toEqual([message.id]);
  });
});

describe("user room", () => {
  it("tells every tab of the user, and nobody else, when their unread count drops", async () => {
    const me = await signedInUser("sales_rep");
    const someoneElse = await signedInUser("sales_rep");
    const tabs = [await connect(userPath(me.user.id), me), await connect(userPath(me.user.id), me)];
    const stranger = await connect(userPath(someoneElse.user.id), someoneElse);
    const [first] = [await createNotification(db(), { userId: me.user.id }), await createNotification(db(), { userId: me.user.id })];

    const read = await request(`/api/notifications/${first!.id}/read`, { method: "PATCH", headers: bearer(me.session.access_token) });
    expect(read.status).toBe(200);
    await until(() => tabs.every((t) => t.events.length > 0));
    for (const tab of tabs)
      expect(tab.events).toEqual([expect.objectContaining<Partial<UnreadCountEvent>>({ type: "notification.unread", unread_count: 1 })]);

    const all = await request("/api/notifications/read-all", { method: "POST", headers: bearer(me.session.access_token) });
    expect(all.status).toBe(200);
    await until(() => tabs.every((t) => t.events.length > 1));
    await settle();
    for (const tab of tabs) expect(tab.events.map((e) => (e as UnreadCountEvent).unread_count)).toEqual([1, 0]);
    expect(stranger.events).toEqual([]);
  });

  it("publishes new notifications (stored first) with their DTO and the unread count", async () => {
    const me = await signedInUser("manager");
    const tab = await connect(userPath(me.user.id), me);
    const since = new Date().toISOString();
    await createNotification(db(), { userId: me.user.id, read: true, createdAt: "2020-01-01T00:00:00.000Z" });
    const fresh = await createNotification(db(), {
      userId: me.user.id,
      type: "new_lead",
      title: "Novo lead",
      link: "/leads?lead=1",
      createdAt: since,
    });
    await publishNotifications({ db: getDb(env.DB), env }, [me.user.id], { since });
    await until(() => tab.events.length > 0);
    await settle();
    expect(tab.events).toEqual<NotificationCreatedEvent[]>([
      {
        type: "notification.created",
        id: fresh.id,
        created_at: since,
        unread_count: 1,
        texts: {
          pt: { title: "Novo lead", message: fresh.message },
          es: { title: "Novo lead", message: fresh.message },
          en: { title: "Novo lead", message: fresh.message },
        },
        notification: {
          id: fresh.id,
          type: "new_lead",
          title: "Novo lead",
          message: fresh.message,
          link: "/leads?lead=1",
          read: false,
          created_at: since,
        },
      },
    ]);
  });
});

describe("team room", () => {
  const teamPath = "/parties/team-room/team";
  const activity = (socket: Socket) => socket.events.filter((e): e is ChatActivityEvent => e.type === "chat.activity");

  it("admits every signed-in staff member, nobody anonymous or from another origin, and no other room name", async () => {
    await connect(teamPath, carol);
    expect((await upgrade(teamPath, { Origin: ORIGIN })).status).toBe(401);
    expect((await upgrade(teamPath, { Cookie: cookieOf(carol), Origin: "https://evil.example" })).status).toBe(403);
    expect((await upgrade("/parties/team-room/other", { Cookie: cookieOf(carol), Origin: ORIGIN })).status).toBe(404);
  });

  it("tells the team of activity in a public channel; a private channel's activity reaches its members' user rooms only", async () => {
    const team = await connect(teamPath, carol);
    const carolRoom = await connect(userPath(carol.user.id), carol);
    const bobRoom = await connect(userPath(bob.user.id), bob);
    const open = await newChannel(alice, { name: "atividade" });
    const first = await send(alice, open.id, "um");
    const second = await send(bob, open.id, "dois");
    await until(() => activity(team).length >= 2);
    expect(activity(team).map((e) => [e.channel_id, e.id, e.seq, e.user_id])).toEqual([
      [open.id, first.id, 1, alice.user.id],
      [open.id, second.id, 2, bob.user.id],
    ]);

    const secret = await newChannel(alice, { name: "atividade-secreta", is_private: true });
    expect(
      (await request(`/api/chat/channels/${secret.id}/members`, json("POST", { user_id: bob.user.id }, bearer(alice.session.access_token))))
        .status,
    ).toBe(201);
    const hidden = await send(alice, secret.id, "só membros");
    await until(() => activity(bobRoom).length > 0);
    await settle();
    expect(activity(bobRoom).map((e) => [e.channel_id, e.id, e.seq])).toEqual([[secret.id, hidden.id, 1]]);
    expect(
      activity(team).some((e) => e.channel_id === secret.id),
      "not on the team room",
    ).toBe(false);
    expect(activity(carolRoom), "not to a non-member").toEqual([]);
  });
});

describe("new channels reach the chat screens (chat.channel)", () => {
  const teamPath = "/parties/team-room/team";
  const channelEvents = (socket: Socket) => socket.events.filter((e): e is ChatChannelEvent => e.type === "chat.channel");

  it("a new public channel reaches the team room; a private one nobody until a member is added, then only that member's room", async () => {
    const team = await connect(teamPath, carol);
    const carolRoom = await connect(userPath(carol.user.id), carol);
    const bobRoom = await connect(userPath(bob.user.id), bob);
    const aliceRoom = await connect(userPath(alice.user.id), alice);

    const open = await newChannel(alice, { name: "novo-publico" });
    await until(() => channelEvents(team).some((e) => e.channel_id === open.id));
    const event = channelEvents(team).find((e) => e.channel_id === open.id)!;
    expect(typeof event.id).toBe("string");
    expect(Number.isNaN(Date.parse(event.created_at))).toBe(false);

    const secret = await newChannel(alice, { name: "novo-secreto", is_private: true });
    await settle();
    expect(
      channelEvents(team).some((e) => e.channel_id === secret.id),
      "a private channel is not told to the team",
    ).toBe(false);
    expect(
      [...channelEvents(bobRoom), ...channelEvents(carolRoom), ...channelEvents(aliceRoom)].some((e) => e.channel_id === secret.id),
    ).toBe(false);

    expect(
      (await request(`/api/chat/channels/${secret.id}/members`, json("POST", { user_id: bob.user.id }, bearer(alice.session.access_token))))
        .status,
    ).toBe(201);
    await until(() => channelEvents(bobRoom).some((e) => e.channel_id === secret.id));
    await settle();
    expect(channelEvents(bobRoom).filter((e) => e.channel_id === secret.id)).toHaveLength(1);
    expect(
      channelEvents(carolRoom).some((e) => e.channel_id === secret.id),
      "not to a non-member",
    ).toBe(false);
    expect(
      channelEvents(aliceRoom).some((e) => e.channel_id === secret.id),
      "not to the creator",
    ).toBe(false);
    expect(
      channelEvents(team).some((e) => e.channel_id === secret.id),
      "never the team room",
    ).toBe(false);
  });

  it("nothing for a refused create or add, nor for adding someone already a member", async () => {
    const team = await connect(teamPath, carol);
    const carolRoom = await connect(userPath(carol.user.id), carol);
    const bobRoom = await connect(userPath(bob.user.id), bob);
    expect((await request("/api/chat/channels", json("POST", { name: "" }, bearer(alice.session.access_token)))).status).toBe(400);
    expect((await request("/api/chat/channels", json("POST", { name: "anon" }))).status).toBe(401);
    const secret = await newChannel(alice, { name: "recusas", is_private: true });
    const publicOne = await newChannel(alice, { name: "recusas-publico" });
    await until(() => channelEvents(team).some((e) => e.channel_id === publicOne.id));
    const teamBefore = channelEvents(team).length;
    // Not the creator: 403; a public channel: 400; already a member: 200.
    expect(
      (await request(`/api/chat/channels/${secret.id}/members`, json("POST", { user_id: carol.user.id }, bearer(bob.session.access_token))))
        .status,
    ).not.toBe(201);
    expect(
      (
        await request(
          `/api/chat/channels/${publicOne.id}/members`,
          json("POST", { user_id: carol.user.id }, bearer(alice.session.access_token)),
        )
      ).status,
    ).toBe(400);
    expect(
      (await request(`/api/chat/channels/${secret.id}/members`, json("POST", { user_id: bob.user.id }, bearer(alice.session.access_token))))
        .status,
    ).toBe(201);
    await until(() => channelEvents(bobRoom).some((e) => e.channel_id === secret.id));
    expect(
      (await request(`/api/chat/channels/${secret.id}/members`, json("POST", { user_id: bob.user.id }, bearer(alice.session.access_token))))
        .status,
    ).toBe(200);
    await settle();
    expect(channelEvents(carolRoom)).toEqual([]);
    expect(channelEvents(bobRoom).filter((e) => e.channel_id === secret.id)).toHaveLength(1);
    expect(channelEvents(team)).toHaveLength(teamBefore);
  });
});

describe("sockets end with their session", () => {
  const teamPath = "/parties/team-room/team";
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

  it("sign-out closes that session's sockets in the team, user and channel rooms at once (4401); another session of the same user keeps listening", async () => {
    const me = await signedInUser("sales_rep");
    const other = { user: me.user, session: await signIn(me.user.email) };
    const channel = await newChannel(me, { name: "sessao" });
    const ending = await Promise.all([connect(teamPath, me), connect(userPath(me.user.id), me), connect(chatPath(channel.id), me)]);
    const staying = await Promise.all([connect(teamPath, other), connect(chatPath(channel.id), other)]);
    const closes = ending.map((socket) => closedWith(socket));
    const stays = staying.map((socket) => closedWith(socket, 500));
    const logout = await request("/api/auth/logout?scope=local", {
      method: "POST",
      headers: { ...bearer(me.session.access_token), Origin: ORIGIN },
    });
    expect(logout.status).toBe(204);
    expect(await Promise.all(closes)).toEqual([4401, 4401, 4401]);
    expect(await Promise.all(stays)).toEqual([null, null]);
    // The other session still gets the channel's messages; the signed-out one cannot come back.
    const message = await send(bob, channel.id, "ainda aqui");
    await until(() => chatEvents(staying[1]).length > 0);
    expect(chatEvents(staying[1]).map((e) => e.id)).toEqual([message.id]);
    expect((await upgrade(teamPath, { Cookie: cookieOf(me), Origin: ORIGIN })).status).toBe(401);
  });

  it("a socket whose access token has expired gets nothing more: the room closes it (4401) instead of sending, so the client reconnects with a fresh token", async () => {
    const me = await signedInUser("sales_rep");
    const now = Math.floor(Date.now() / 1000);
    // The session's own token, re-signed to expire in 2-3 seconds (whole seconds: leave the
    // connection time to open before it).
    const claims = decodeJwt(me.session.access_token) as { sub: string; session_id: string; email: string; staff_role: "sales_rep" };
    const shortLived = await signAccessToken(env.AUTH_SECRET, {
      sub: claims.sub,
      session_id: claims.session_id,
      email: claims.email,
      staff_role: claims.staff_role,
      amr: [{ method: "password", timestamp: now }],
      iat: now - ACCESS_TOKEN_TTL_SECONDS + 3,
    });
    const expiresAtMs = (now + 3) * 1000;
    const channel = await newChannel(alice, { name: "expira" });
    const socket = await connect(chatPath(channel.id), { ...me, session: { ...me.session, access_token: shortLived } });
    const closed = closedWith(socket, 8000);
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAtMs - Date.now()) + 200));
    await send(alice, channel.id, "depois de expirar");
    expect(await closed).toBe(4401);
    expect(chatEvents(socket)).toEqual([]);
  });
});

describe("team room replay for a screen that connects after reading its data", () => {
  const teamPath = "/parties/team-room/team";
  const activity = (socket: Socket) => socket.events.filter((e): e is ChatActivityEvent => e.type === "chat.activity");

  it("replays, in order, what was published since the screen's data was read (?since=); nothing for a since after it; 'resync' when since is older than the room keeps", async () => {
    const channel = await newChannel(alice, { name: "replay" });
    const readAt = Date.now() - 1;
    const first = await send(alice, channel.id, "um");
    const second = await send(bob, channel.id, "dois");
    // Allow the 2 s clock margin the room takes: a since well after both gets neither.
    await new Promise((r) => setTimeout(r, 2100));
    const late = await connect(`${teamPath}?since=${readAt}`, carol);
    const current = await connect(`${teamPath}?since=${Date.now()}`, carol);
    const stale = await connect(`${teamPath}?since=${Date.now() - 10 * 60_000}`, carol);
    const plain = await connect(teamPath, carol);
    await until(() => activity(late).filter((e) => e.channel_id === channel.id).length >= 2 && stale.events.length > 0);
    await settle();
    expect(
      activity(late)
        .filter((e) => e.channel_id === channel.id)
        .map((e) => e.id),
    ).toEqual([first.id, second.id]);
    expect(activity(current).filter((e) => e.channel_id === channel.id)).toEqual([]);
    expect(stale.events.map((e) => e.type)).toEqual(["resync"]);
    expect(plain.events).toEqual([]);
    // Live delivery goes on as usual after the replay, once.
    const third = await send(alice, channel.id, "três");
    await until(() => activity(late).some((e) => e.id === third.id) && activity(plain).length > 0);
    await settle();
    expect(
      activity(late)
        .filter((e) => e.channel_id === channel.id)
        .map((e) => e.id),
    ).toEqual([first.id, second.id, third.id]);
    expect(activity(plain).map((e) => e.id)).toEqual([third.id]);
  });
});
