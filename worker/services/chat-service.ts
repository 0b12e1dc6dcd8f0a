// The internal team chat (crm.md §2 Chat screen, §3, §4, §5, §7 Channels/Messages):
// channels, members and messages. Everyone signed in sees the public channels and the
// private ones they are a member of; a private channel is "not found" to anyone else.
// Writes decide in one statement (conventions 11): a message is inserted only if the author
// may read the channel, with its place in the channel (`seq`, max + 1) computed by the same
// INSERT; a member is added only by the private channel's creator, once (ON CONFLICT).
// Persist first, then broadcast: a message is fanned out to its `channel-<id>` room only
// after D1 has it (docs/decisions/014).
import { and, asc, desc, eq, gt, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { ChatActivityEvent, ChatChannelEvent } from "~/modules/realtime/protocol";
import { publishChatMessage, publishToTeam, publishToUsers } from "../../party/publish.ts";
import { chatChannelMembers, chatChannels, chatMessages, users } from "../db/schema/index.ts";
import { nowIso } from "../db/schema/columns.ts";
import type { ChatChannelDto, ChatMemberDto, ChatMessageDto, Page } from "./crm-types.ts";
import { ConflictError, ForbiddenError, InvalidInputError, invalidField, NotFoundError } from "./errors.ts";
import type { Authenticated, ServiceContext } from "./service-context.ts";
import { CONTROL_CHAR, CONTROL_CHAR_EXCEPT_TAB_LF } from "../lib/control-chars.ts";

/** One page of history (?before=); the newest page comes first. */
export const CHAT_PAGE_SIZE = 50;
/** At most this many messages per reconnect backfill (?after=); `next_cursor` continues. */
export const CHAT_BACKFILL_MAX = 200;
export const CHANNEL_NAME_MAX = 80;
export const CHANNEL_DESCRIPTION_MAX = 500;
export const MESSAGE_MAX = 4000;

// ---------------------------------------------------------------------------------------
// Input (issue messages are apiErrors.field.* keys, translated by the API)

export const CHAT_ISSUE = {
  required: "apiErrors.field.required",
  tooLong: "apiErrors.field.too_long",
  invalid: "apiErrors.field.invalid_value",
  controlCharacters: "apiErrors.field.control_characters",
  userUnavailable: "apiErrors.field.user_unavailable",
  messageNotFound: "apiErrors.field.message_not_found",
} as const;

/** Control characters other than line feed and tab (CR is folded into LF first). */
const FORBIDDEN_CONTROL = CONTROL_CHAR_EXCEPT_TAB_LF;
const SINGLE_LINE_CONTROL = CONTROL_CHAR;

const channelName = z
  .string({ error: CHAT_ISSUE.required })
  .trim()
  .min(1, CHAT_ISSUE.required)
  .max(CHANNEL_NAME_MAX, CHAT_ISSUE.tooLong)
  .refine((v) => !SINGLE_LINE_CONTROL.test(v), CHAT_ISSUE.controlCharacters);

const channelDescription = z
  .union([z.string().max(CHANNEL_DESCRIPTION_MAX * 2, CHAT_ISSUE.tooLong), z.null()], { error: CHAT_ISSUE.invalid })
  .optional()
  .transform((v, ctx) => {
    const text = v?.replace(/\r\n?/g, "\n").trim();
    if (!text) return null;
    if (text.length > CHANNEL_DESCRIPTION_MAX) ctx.addIssue({ code: "custom", message: CHAT_ISSUE.tooLong });
    if (FORBIDDEN_CONTROL.test(text)) ctx.addIssue({ code: "custom", message: CHAT_ISSUE.controlCharacters });
    return text;
  });

/** The create-channel dialog (crm.md §2/§5): POST /api/chat/channels. */
export const createChannelSchema = z.object({
  name: channelName,
  description: channelDescription,
  is_private: z.boolean({ error: CHAT_ISSUE.invalid }).optional().default(false),
});
export type CreateChannelInput = z.infer<typeof createChannelSchema>;

/** POST /api/chat/channels/:id/messages. Line breaks kept (CRLF → LF); trimmed; 1..4000. */
export const postMessageSchema = z.object({
  content: z
    .string({ error: CHAT_ISSUE.required })
    .max(MESSAGE_MAX * 2, CHAT_ISSUE.tooLong)
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, CHAT_ISSUE.required)
        .max(MESSAGE_MAX, CHAT_ISSUE.tooLong)
        .refine((v) => !FORBIDDEN_CONTROL.test(v), CHAT_ISSUE.controlCharacters),
    ),
});
export type PostMessageInput = z.infer<typeof postMessageSchema>;

export const addMemberSchema = z.object({
  user_id: z.string({ error: CHAT_ISSUE.required }).trim().min(1, CHAT_ISSUE.required).max(64, CHAT_ISSUE.invalid),
});

const messageId = z.string().trim().min(1, CHAT_ISSUE.invalid).max(64, CHAT_ISSUE.invalid);

/** ?before=<cursor> (older page) or ?after=<last id> (reconnect backfill), not both. */
export const messagesQuerySchema = z
  .object({ before: messageId.optional(), after: messageId.optional() })
  .refine((q) => !(q.before && q.after), { message: CHAT_ISSUE.invalid, path: ["after"] });
export type MessagesQuery = z.infer<typeof messagesQuerySchema>;

// ---------------------------------------------------------------------------------------
// Who sees what

/** The channel is public, or `userId` is one of its members. */
const visibleTo = (userId: string): SQL =>
  sql`(${chatChannels.isPrivate} = 0 or exists (select 1 from ${chatChannelMembers} where ${chatChannelMembers.channelId} = ${chatChannels.id} and ${chatChannelMembers.userId} = ${userId}))`;

// Spelled out: drizzle drops the table names of columns inside a selected expression.
const memberCount = sql<number>`(select count(*) from chat_channel_members as cm where cm.channel_id = "chat_channels"."id")`;
/** The channel's newest message's seq (0 without messages): unread = last_seq − the last seq the reader saw. */
const lastSeq = sql<number>`(select coalesce(max(lm.seq), 0) from chat_messages as lm where lm.channel_id = "chat_channels"."id")`;

function selectChannels(db: ServiceContext["db"]) {
  return db
    .select({
      id: chatChannels.id,
      name: chatChannels.name,
      description: chatChannels.description,
      isPrivate: chatChannels.isPrivate,
      createdBy: chatChannels.createdBy,
      createdAt: chatChannels.createdAt,
      memberCount,
      lastSeq,
    })
    .from(chatChannels);
}

type ChannelRow = Awaited<ReturnType<ReturnType<typeof selectChannels>["all"]>>[number];

const toChannelDto = (row: ChannelRow): ChatChannelDto => ({
  id: row.id,
  name: row.name,
  description: row.description,
  is_private: row.isPrivate,
  created_by: row.createdBy,
  created_at: row.createdAt,
  member_count: Number(row.memberCount),
  last_seq: Number(row.lastSeq),
});

/** Whether `userId` may read (and post in, and listen to) the channel. False for a missing one. */
export async function canReadChannel({ db }: ServiceContext, userId: string, channelId: string): Promise<boolean> {
  const row = await db
    .select({ id: chatChannels.id })
    .from(chatChannels)
    .where(and(eq(chatChannels.id, channelId), visibleTo(userId)))
    .get();
  return row !== undefined;
}

/** The ids of every channel `userId` may listen to (their sockets may be in those rooms). */
export async function readableChannelIds({ db }: ServiceContext, userId: string): Promise<string[]> {
  const rows = await db.select({ id: chatChannels.id }).from(chatChannels).where(visibleTo(userId)).all();
  return rows.map((row) => row.id);
}

async function assertReadable(ctx: ServiceContext, actor: Authenticated, channelId: string) {
  if (!(await canReadChannel(ctx, actor.user.id, channelId))) throw new NotFoundError();
}

// ---------------------------------------------------------------------------------------
// Channels

/** The channels the actor may see, newest first, each with its member count. */
export async function listChannels({ db }: ServiceContext, actor: Authenticated): Promise<ChatChannelDto[]> {
  const rows = await selectChannels(db)
    .where(visibleTo(actor.user.id))
    // Ties (same millisecond) by insertion order, so the newest is really first.
    .orderBy(desc(chatChannels.createdAt), sql`"chat_channels".rowid desc`)
    .all();
  return rows.map(toChannelDto);
}

/** Creates a channel; its creator becomes a member in the same batch. */
export async function createChannel(ctx: ServiceContext, actor: Authenticated, input: CreateChannelInput): Promise<ChatChannelDto> {
  const { db } = ctx;
  const id = crypto.randomUUID();
  const [[channel]] = await db.batch([
    db
      .insert(chatChannels)
      .values({ id, name: input.name, description: input.description, isPrivate: input.is_private, createdBy: actor.user.id })
      .returning(),
    db.insert(chatChannelMembers).values({ channelId: id, userId: actor.user.id }),
  ]);
  const dto = toChannelDto({ ...channel!, memberCount: 1, lastSeq: 0 });
  // Stored: the team's chat screens list a public channel at once (a private one is only
  // the creator's until members are added).
  if (!dto.is_private) await publishToTeam(ctx.env, [channelEvent(dto.id)]);
  return dto;
}

const channelEvent = (channelId: string): ChatChannelEvent => ({
  type: "chat.channel",
  id: crypto.randomUUID(),
  created_at: new Date().toISOString(),
  channel_id: channelId,
});

/**
 * Adds an active user to a private channel; only its creator may (chat_creator_only), only
 * to a private channel (chat_channel_not_private), idempotent (`added` false when they
 * already were a member). Not found when the actor cannot see the channel.
 */
export async function addChannelMember(
  ctx: ServiceContext,
  actor: Authenticated,
  channelId: string,
  userId: string,
): Promise<ChatMemberDto> {
  const { db } = ctx;
  // Decided in the INSERT: the channel is private and the actor's, the user active.
  const inserted = await db
    .insert(chatChannelMembers)
    .select(
      sql`select ${chatChannels.id}, ${users.id}, ${nowIso}
          from ${chatChannels} join ${users} on ${users.id} = ${userId} and ${users.isActive} = 1
          where ${chatChannels.id} = ${channelId} and ${chatChannels.isPrivate} = 1 and ${chatChannels.createdBy} = ${actor.user.id}`,
    )
    .onConflictDoNothing()
    .returning({ userId: chatChannelMembers.userId })
    .all();
  if (inserted.length > 0) {
    // Stored: only the added member's chat screens learn of the channel.
    await publishToUsers(ctx.env, new Map([[userId, [channelEvent(channelId)]]]));
    return { channel_id: channelId, user_id: userId, added: true };
  }

  // It did not take: say why (reads only; the decision was the statement above).
  const [channel, target, membership] = await Promise.all([
    db
      .select({ isPrivate: chatChannels.isPrivate, createdBy: chatChannels.createdBy })
      .from(chatChannels)
      .where(and(eq(chatChannels.id, channelId), visibleTo(actor.user.id)))
      .get(),
    db.select({ isActive: users.isActive }).from(users).where(eq(users.id, userId)).get(),
    db
      .select({ userId: chatChannelMembers.userId })
      .from(chatChannelMembers)
      .where(and(eq(chatChannelMembers.channelId, channelId), eq(chatChannelMembers.userId, userId)))
      .get(),
  ]);
  if (!channel) throw new NotFoundError();
  if (!channel.isPrivate) throw new InvalidInputError("chat_channel_not_private");
  if (channel.createdBy !== actor.user.id) throw new ForbiddenError("chat_creator_only");
  if (membership) return { channel_id: channelId, user_id: userId, added: false };
  if (!target?.isActive) throw invalidField("user_id", CHAT_ISSUE.userUnavailable);
  throw new ConflictError();
}

// ---------------------------------------------------------------------------------------
// Messages

function selectMessages(db: ServiceContext["db"]) {
  return db
    .select({
      id: chatMessages.id,
      channelId: chatMessages.channelId,
      content: chatMessages.content,
      createdAt: chatMessages.createdAt,
      userId: chatMessages.userId,
      authorName: users.name,
      authorEmail: users.email,
      authorAvatarUrl: users.avatarUrl,
      seq: chatMessages.seq,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.userId));
}

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectMessages>["all"]>>[number];

const toMessageDto = (row: MessageRow): ChatMessageDto => ({
  id: row.id,
  channel_id: row.channelId,
  content: row.content,
  created_at: row.createdAt,
  user_id: row.userId,
  author_name: row.authorName,
  author_email: row.authorEmail,
  author_avatar_url: row.authorAvatarUrl,
  seq: row.seq ?? 0,
});

/**
 * A page of the channel's messages, always oldest first within the page:
 * - no cursor: the newest 50; `next_cursor` (when older ones exist) goes in `?before=`;
 * - `before`: the 50 just older than that message; `next_cursor` likewise;
 * - `after`: exactly the messages after that one (reconnect backfill), up to 200;
 *   `next_cursor`, when more follow, goes in `?after=`.
 * Ordered by `seq`, the message's place in its channel, so messages sharing a created_at
 * are never skipped or repeated. Invalid input for a cursor that is not a message of this channel.
 */
export async function listMessages(
  ctx: ServiceContext,
  actor: Authenticated,
  channelId: string,
  query: MessagesQuery,
): Promise<Page<ChatMessageDto>> {
  const cursorId = query.after ?? query.before;
  const [, cursor] = await Promise.all([
    assertReadable(ctx, actor, channelId),
    cursorId
      ? ctx.db
          .select({ seq: chatMessages.seq })
          .from(chatMessages)
          .where(and(eq(chatMessages.id, cursorId), eq(chatMessages.channelId, channelId)))
          .get()
      : Promise.resolve(undefined),
  ]);
  if (cursorId && (cursor?.seq === null || cursor?.seq === undefined)) {
    const field = query.after ? "after" : "before";
    throw invalidField(field, CHAT_ISSUE.messageNotFound);
  }
  const inChannel = eq(chatMessages.channelId, channelId);
  if (query.after) {
    const rows = await selectMessages(ctx.db)
      .where(and(inChannel, gt(chatMessages.seq, cursor!.seq!)))
      .orderBy(asc(chatMessages.seq))
      .limit(CHAT_BACKFILL_MAX + 1)
      .all();
    const items = rows.slice(0, CHAT_BACKFILL_MAX).map(toMessageDto);
    return { items, next_cursor: rows.length > CHAT_BACKFILL_MAX ? items.at(-1)!.id : null };
  }
  const rows = await selectMessages(ctx.db)
    .where(query.before ? and(inChannel, lt(chatMessages.seq, cursor!.seq!)) : inChannel)
    .orderBy(desc(chatMessages.seq))
    .limit(CHAT_PAGE_SIZE + 1)
    .all();
  const items = rows.slice(0, CHAT_PAGE_SIZE).reverse().map(toMessageDto);
  return { items, next_cursor: rows.length > CHAT_PAGE_SIZE ? items[0]!.id : null };
}

/**
 * Posts a message: persisted first (only if the author may read the channel, decided in the
 * INSERT, with its seq), then broadcast to the channel's room. A failed broadcast does not
 * fail the post: the message is in D1 and clients fetch it on reconnect (?after=).
 */
export async function postMessage(
  ctx: ServiceContext,
  actor: Authenticated,
  channelId: string,
  input: PostMessageInput,
): Promise<ChatMessageDto> {
  const id = crypto.randomUUID();
  const nextSeq = sql`(select coalesce(max(m.seq), 0) + 1 from ${chatMessages} as m where m.channel_id = ${chatChannels.id})`;
  // Column order of chat_messages: id, channel_id, user_id, content, created_at, seq.
  const inserted = await ctx.db
    .insert(chatMessages)
    .select(
      sql`select ${id}, ${chatChannels.id}, ${actor.user.id}, ${input.content}, ${nowIso}, ${nextSeq}
          from ${chatChannels}
          where ${chatChannels.id} = ${channelId} and ${visibleTo(actor.user.id)}`,
    )
    .returning({ id: chatMessages.id, createdAt: chatMessages.createdAt, seq: chatMessages.seq })
    .all();
  const row = inserted[0];
  if (!row) throw new NotFoundError();
  const message: ChatMessageDto = {
    id: row.id,
    channel_id: channelId,
    content: input.content,
    created_at: row.createdAt,
    user_id: actor.user.id,
    author_name: actor.user.name,
    author_email: actor.user.email,
    author_avatar_url: actor.user.avatarUrl,
    seq: row.seq ?? 0,
  };
  const activity: ChatActivityEvent = {
    type: "chat.activity",
    id: row.id,
    created_at: row.createdAt,
    channel_id: channelId,
    seq: row.seq ?? 0,
    user_id: actor.user.id,
  };
  const published = await Promise.allSettled([publishChatMessage(ctx.env, message), publishChatActivity(ctx, activity)]);
  for (const result of published) {
    if (result.status === "rejected") console.error("chat: message stored but not broadcast; clients catch up on reconnect", result.reason);
  }
  return message;
}

/**
 * Tells the chat screens that are not showing the channel that it has a new message (their
 * unread counts): a public channel's activity goes to the team room, a private channel's to
 * the user room of each member, so nobody outside it learns it is active.
 */
async function publishChatActivity(ctx: ServiceContext, event: ChatActivityEvent): Promise<void> {
  const channel = await ctx.db
    .select({ isPrivate: chatChannels.isPrivate })
    .from(chatChannels)
    .where(eq(chatChannels.id, event.channel_id))
    .get();
  if (!channel) return;
  if (!channel.isPrivate) {
    await publishToTeam(ctx.env, [event]);
    return;
  }
  const members = await ctx.db
    .select({ userId: chatChannelMembers.userId })
    .from(chatChannelMembers)
    .where(eq(chatChannelMembers.channelId, event.channel_id))
    .all();
  await publishToUsers(ctx.env, new Map(members.map((m) => [m.userId, [event]])));
}
