import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChatChannelDto, ChatMemberDto, ChatMessageDto, Page } from "../../worker/services/crm-types.ts";
import { createChannel, createUser } from "../factories/index.ts";
import { bearer, db, json, request, signedInUser } from "../helpers.ts";

type Session = Awaited<ReturnType<typeof signedInUser>>;

const auth = (s: Session) => bearer(s.session.access_token);
const get = (path: string, s: Session | null) => request(path, { headers: s ? auth(s) : {} });
const post = (path: string, body: unknown, s: Session | null) => request(path, json("POST", body, s ? auth(s) : {}));

async function channels(s: Session) {
  const response = await get("/api/chat/channels", s);
  expect(response.status).toBe(200);
  return ((await response.json()) as { channels: ChatChannelDto[] }).channels;
}

async function newChannel(s: Session, body: Record<string, unknown>) {
  const response = await post("/api/chat/channels", body, s);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { channel: ChatChannelDto }).channel;
}

async function send(s: Session, channelId: string, content: string) {
  const response = await post(`/api/chat/channels/${channelId}/messages`, { content }, s);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { message: ChatMessageDto }).message;
}

async function page(s: Session, channelId: string, query = "") {
  const response = await get(`/api/chat/channels/${channelId}/messages${query}`, s);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page<ChatMessageDto>;
}

const storedMessages = (channelId: string) =>
  env.DB.prepare("select content, seq from chat_messages where channel_id = ? order by seq")
    .bind(channelId)
    .all<{ content: string; seq: number }>()
    .then((r) => r.results);
const isMember = (channelId: string, userId: string) =>
  env.DB.prepare("select 1 as one from chat_channel_members where channel_id = ? and user_id = ?")
    .bind(channelId, userId)
    .first()
    .then((r) => r !== null);

/** Inserts `count` messages with the SAME created_at, in order (the trigger numbers them). */
async function insertSameInstant(channelId: string, userId: string, count: number, createdAt = "2026-01-01T12:00:00.000Z") {
  const statement = env.DB.prepare("insert into chat_messages (id, channel_id, user_id, content, created_at) values (?, ?, ?, ?, ?)");
  const ids: string[] = [];
  const statements = Array.from({ length: count }, (_, i) => {
    const id = crypto.randomUUID();
    ids.push(id);
    return statement.bind(id, channelId, userId, `m${i}`, createdAt);
  });
  await env.DB.batch(statements);
  return ids;
}

let alice: Session;
let bob: Session;
let carol: Session;

beforeAll(async () => {
  [alice, bob, carol] = [await signedInUser("sales_rep"), await signedInUser("manager"), await signedInUser("admin")];
});

describe("anonymous", () => {
  it("gets 401 on every chat route and nothing is written", async () => {
    const channel = await createChannel(db());
    for (const [method, path, body] of [
      ["GET", "/api/chat/channels", undefined],
      ["POST", "/api/chat/channels", { name: "x" }],
      ["POST", `/api/chat/channels/${channel.id}/members`, { user_id: alice.user.id }],
      ["GET", `/api/chat/channels/${channel.id}/messages`, undefined],
      ["POST", `/api/chat/channels/${channel.id}/messages`, { content: "oi" }],
    ] as const) {
      const response = body === undefined ? await get(path, null) : await post(path, body, null);
      expect(response.status, `${method} ${path}`).toBe(401);
    }
    expect(await storedMessages(channel.id)).toEqual([]);
    expect((await env.DB.prepare("select count(*) as n from chat_channels where name = 'x'").first<{ n: number }>())!.n).toBe(0);
  });
});

describe("channels", () => {
  it("creates a channel with a trimmed name and a null empty description; the creator is a member; it is listed first", async () => {
    const channel = await newChannel(alice, { name: "  vendas-sul  ", description: "   ", is_private: false });
    expect(channel).toMatchObject({ name: "vendas-sul", description: null, is_private: false, created_by: alice.user.id, member_count: 1 });
    expect(await isMember(channel.id, alice.user.id)).toBe(true);
    const later = await newChannel(bob, { name: "avisos", description: " Recados da gerência " });
    expect(later.description).toBe("Recados da gerência");
    expect(later.is_private).toBe(false);
    const list = await channels(carol);
    expect(list[0]!.id).toBe(later.id);
    expect(list.map((c) => c.id)).toContain(channel.id);
  });

  it("refuses a missing, blank or too long name and a too long description, naming the field", async () => {
    for (const [body, field] of [
      [{}, "name"],
      [{ name: "   " }, "name"],
      [{ name: "a".repeat(81) }, "name"],
      [{ name: "ok", description: "d".repeat(501) }, "description"],
      [{ name: "ok", is_private: "yes" }, "is_private"],
      [{ name: "a\u0007b" }, "name"],
    ] as const) {
      const response = await post("/api/chat/channels", body, alice);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = (await response.json()) as { error: string; issues: { path: string; message: string }[] };
      expect(error.error).toBe("validation_failed");
      expect(error.issues.map((i) => i.path)).toContain(field);
    }
    expect((await newChannel(alice, { name: "a".repeat(80), description: "d".repeat(500) })).name).toHaveLength(80);
  });

  it("lists public channels and only the private ones the caller is a member of, with is_private and member_count", async () => {
    const me = await signedInUser("sales_rep");
    const other = await signedInUser("sales_rep");
    const secret = await newChannel(other, { name: "diretoria", is_private: true });
    const mine = await newChannel(other, { name: "projeto-x", is_private: true });
    expect((await post(`/api/chat/channels/${mine.id}/members`, { user_id: me.user.id }, other)).status).toBe(201);
    const seen = await channels(me);
    const ids = seen.map((c) => c.id);
    expect(ids).not.toContain(secret.id);
    expect(seen.find((c) => c.id === mine.id)).toMatchObject({ is_private: true, member_count: 2 });
    expect((await channels(other)).map((c) => c.id)).toEqual(expect.arrayContaining([secret.id, mine.id]));
    // Newest first: the order of created_at, then id.
    const times = seen.map((c) => c.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});

describe("last_seq (the chat screen's unread counts)", () => {
  it("is 0 for a new channel and the newest message's seq after posts, per channel; messages carry their seq", async () => {
    const one = await newChannel(alice, { name: "contagem-um" });
    const two = await newChannel(alice, { name: "contagem-dois" });
    expect(one.last_seq).toBe(0);
    const lastOf = async (s: Session, id: string) => (await channels(s)).find((c) => c.id === id)?.last_seq;
    expect(await lastOf(bob, one.id)).toBe(0);
    const sent = [await send(alice, one.id, "a"), await send(bob, one.id, "b"), await send(carol, one.id, "c")];
    expect(sent.map((m) => m.seq)).toEqual([1, 2, 3]);
    await send(bob, two.id, "outro canal");
    expect(await lastOf(bob, one.id)).toBe(3);
    expect(await lastOf(carol, two.id)).toBe(1);
    // Listed pages carry the same seq as the POST answered.
    expect((await page(bob, one.id)).items.map((m) => [m.id, m.seq])).toEqual(sent.map((m) => [m.id, m.seq]));
  });

  it("counts messages inserted without a seq (numbered by the trigger) and a burst of parallel posts", async () => {
    const channel = await newChannel(alice, { name: "contagem-rajada" });
    await insertSameInstant(channel.id, alice.user.id, 5);
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => send(i % 2 ? bob : alice, channel.id, `r${i}`)));
    expect(new Set(burst.map((m) => m.seq)).size).toBe(8);
    const listed = (await channels(carol)).find((c) => c.id === channel.id)!;
    expect(listed.last_seq).toBe(13);
    expect(Math.max(...burst.map((m) => m.seq))).toBe(13);
  });

  it("is not given for a private channel to a non-member (the channel is not listed at all)", async () => {
    const secret = await newChannel(carol, { name: "contagem-secreta", is_private: true });
    await send(carol, secret.id, "só a diretoria");
    expect((await channels(alice)).some((c) => c.id === secret.id)).toBe(false);
    expect((await channels(carol)).find((c) => c.id === secret.id)?.last_seq).toBe(1);
  });
});

describe("members", () => {
  it("lets the creator of a private channel add an active user, once (idempotent)", async () => {
    const channel = await newChannel(alice, { name: "privado-1", is_private: true });
    const first = await post(`/api/chat/channels/${channel.id}/members`, { user_id: bob.user.id }, alice);
    expect(first.status).toBe(201);
    expect(await first.json()).toEqual({ member: { channel_id: channel.id, user_id: bob.user.id, added: true } satisfies ChatMemberDto });
    const again = await post(`/api/chat/channels/${channel.id}/members`, { user_id: bob.user.id }, alice);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { member: ChatMemberDto }).member.added).toBe(false);
    expect(await isMember(channel.id, bob.user.id)).toBe(true);
    expect((await channels(bob)).find((c) => c.id === channel.id)?.member_count).toBe(2);
  });

  it("refuses a member who is not the creator (403), a non-member (404), a public channel (400) and an unknown or inactive user (400)", async () => {
    const channel = await newChannel(alice, { name: "privado-2", is_private: true });
    await post(`/api/chat/channels/${channel.id}/members`, { user_id: bob.user.id }, alice);

    const notCreator = await request(
      `/api/chat/channels/${channel.id}/members?lang=en`,
      json("POST", { user_id: carol.user.id }, auth(bob)),
    );
    expect(notCreator.status).toBe(403);
    expect(await notCreator.json()).toEqual({ error: "chat_creator_only", message: "Only the channel's creator can add members." });
    expect(await isMember(channel.id, carol.user.id)).toBe(false);

    const outsider = await post(`/api/chat/channels/${channel.id}/members`, { user_id: carol.user.id }, carol);
    expect(outsider.status).toBe(404);
    expect(await isMember(channel.id, carol.user.id)).toBe(false);

    const open = await newChannel(alice, { name: "aberto" });
    const publicOne = await post(`/api/chat/channels/${open.id}/members`, { user_id: bob.user.id }, alice);
    expect(publicOne.status).toBe(400);
    expect(((await publicOne.json()) as { error: string }).error).toBe("chat_channel_not_private");

    const inactive = await createUser(db(), { isActive: false });
    for (const userId of [inactive.id, "no-such-user"]) {
      const response = await post(`/api/chat/channels/${channel.id}/members`, { user_id: userId }, alice);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: string; issues: { path: string }[] };
      expect(body.error).toBe("validation_failed");
      expect(body.issues[0]!.path).toBe("user_id");
      expect(await isMember(channel.id, userId)).toBe(false);
    }
    expect((await post("/api/chat/channels/nope/members", { user_id: bob.user.id }, alice)).status).toBe(404);
  });
});

describe("posting messages", () => {
  it("stores the trimmed text with its author and answers the DTO; line breaks and tabs are kept", async () => {
    const channel = await newChannel(alice, { name: "geral-post" });
    const message = await send(bob, channel.id, "  Bom dia,\r\n\tequipe!  ");
    expect(message).toEqual<ChatMessageDto>({
      id: expect.any(String),
      channel_id: channel.id,
      content: "Bom dia,\n\tequipe!",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      user_id: bob.user.id,
      author_name: bob.user.name,
      author_email: bob.user.email,
      author_avatar_url: null,
      seq: 1,
    });
    expect(await storedMessages(channel.id)).toEqual([{ content: "Bom dia,\n\tequipe!", seq: 1 }]);
    expect((await send(bob, channel.id, "x".repeat(4000))).content).toHaveLength(4000);
  });

  it("refuses empty, too long and control-character text, and stores nothing", async () => {
    const channel = await newChannel(alice, { name: "geral-bad" });
    for (const content of ["", "   \n\t ", "x".repeat(4001), "sino\u0007", "nulo\u0000", "esc\u001b[31m", 42, null]) {
      const response = await post(`/api/chat/channels/${channel.id}/messages`, { content }, alice);
      expect(response.status, JSON.stringify(content)).toBe(400);
      expect(((await response.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe("content");
    }
    expect(await storedMessages(channel.id)).toEqual([]);
  });

  it("answers 404 to a non-member of a private channel (and for an unknown channel) and stores nothing", async () => {
    const channel = await newChannel(alice, { name: "privado-post", is_private: true });
    expect((await post(`/api/chat/channels/${channel.id}/messages`, { content: "oi" }, carol)).status).toBe(404);
    expect((await get(`/api/chat/channels/${channel.id}/messages`, carol)).status).toBe(404);
    expect((await post("/api/chat/channels/nope/messages", { content: "oi" }, carol)).status).toBe(404);
    expect(await storedMessages(channel.id)).toEqual([]);
    await send(alice, channel.id, "só membros");
    expect((await storedMessages(channel.id)).map((m) => m.content)).toEqual(["só membros"]);
  });

  it("numbers simultaneous posts 1..n with no gap or repeat", async () => {
    const channel = await newChannel(alice, { name: "corrida" });
    const sent = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i % 2 ? alice : bob, channel.id, `p${i}`)));
    const stored = await storedMessages(channel.id);
    expect(stored.map((m) => m.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const listed = await page(alice, channel.id);
    expect(listed.items.map((m) => m.id).sort()).toEqual(sent.map((m) => m.id).sort());
    expect(listed.items.map((m) => m.content)).toEqual(stored.map((m) => m.content));
  });
});

describe("reading messages", () => {
  it("pages 50 at a time, newest page first, oldest first within a page, never skipping or repeating equal timestamps", async () => {
    const channel = await newChannel(alice, { name: "historico" });
    const ids = await insertSameInstant(channel.id, alice.user.id, 120);
    const first = await page(bob, channel.id);
    expect(first.items.map((m) => m.id)).toEqual(ids.slice(70));
    expect(first.items[0]).toMatchObject({
      content: "m70",
      author_name: alice.user.name,
      author_email: alice.user.email,
      user_id: alice.user.id,
    });
    expect(first.next_cursor).not.toBeNull();
    const second = await page(bob, channel.id, `?before=${first.next_cursor}`);
    expect(second.items.map((m) => m.id)).toEqual(ids.slice(20, 70));
    const third = await page(bob, channel.id, `?before=${second.next_cursor}`);
    expect(third.items.map((m) => m.id)).toEqual(ids.slice(0, 20));
    expect(third.next_cursor).toBeNull();
  });

  it("?after=<id> returns exactly the messages after that one, oldest first (reconnect backfill)", async () => {
    const channel = await newChannel(alice, { name: "reconexao" });
    const ids = await insertSameInstant(channel.id, bob.user.id, 30);
    const later = await send(alice, channel.id, "depois");
    const after = await page(bob, channel.id, `?after=${ids[24]}`);
    expect(after.items.map((m) => m.id)).toEqual([...ids.slice(25), later.id]);
    expect(after.next_cursor).toBeNull();
    expect((await page(bob, channel.id, `?after=${later.id}`)).items).toEqual([]);
  });

  it("backfills more than one batch through next_cursor, with nothing missed or repeated", async () => {
    const channel = await newChannel(alice, { name: "muitas" });
    const ids = await insertSameInstant(channel.id, bob.user.id, 450);
    const seen: string[] = [];
    let cursor: string | null = ids[9]!;
    while (cursor) {
      const next: Page<ChatMessageDto> = await page(alice, channel.id, `?after=${cursor}`);
      seen.push(...next.items.map((m) => m.id));
      cursor = next.next_cursor;
    }
    expect(seen).toEqual(ids.slice(10));
  });

  it("refuses a cursor that is not a message of the channel, and both cursors at once", async () => {
    const channel = await newChannel(alice, { name: "cursor" });
    const otherChannel = await newChannel(alice, { name: "cursor-2" });
    const elsewhere = await send(alice, otherChannel.id, "outro canal");
    const here = await send(alice, channel.id, "aqui");
    for (const query of [`?after=${elsewhere.id}`, "?before=nope", `?after=${here.id}&before=${here.id}`]) {
      const response = await get(`/api/chat/channels/${channel.id}/messages${query}`, alice);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe("validation_failed");
    }
  });
});
