import { Hono } from "hono";
import { z } from "zod";
import {
  addChannelMember,
  addMemberSchema,
  createChannel,
  createChannelSchema,
  listChannels,
  listMessages,
  messagesQuerySchema,
  postMessage,
  postMessageSchema,
} from "../services/chat-service.ts";
import type { AppEnv } from "./context.ts";
import { requireAuth } from "./middleware.ts";
import { validate, validateWithMessageKeys } from "./validate.ts";
import { describe, errors, jsonResponse, TAGS, type RouteDescription } from "./openapi.ts";
import { ChatChannelSchema, ChatMemberSchema, ChatMessagePageSchema, ChatMessageSchema } from "./schemas.ts";

const chat = (spec: RouteDescription) => describe(TAGS.chat, spec);
const memberAnswer = (description: string) => jsonResponse(z.strictObject({ member: ChatMemberSchema }), description);

const channelParam = z.object({ id: z.string().min(1).max(64) });

/**
 * /api/chat — the internal team chat (crm.md §2 Chat screen; docs/decisions/014). Staff only
 * (401 anonymous). A private channel is 404 to whoever is not a member. A 400's issue
 * messages are translated apiErrors.field.* texts.
 * GET /channels → {channels} (public + the caller's private ones, newest first, with
 * is_private and member_count) · POST /channels {name, description?, is_private?} → 201
 * {channel} (the creator becomes a member) · POST /channels/:id/members {user_id} → 201
 * {member} added, 200 already a member (only the private channel's creator: 403
 * chat_creator_only; 400 chat_channel_not_private) · GET /channels/:id/messages
 * (?before=<cursor> older page | ?after=<last id> reconnect backfill) → Page<ChatMessageDto>
 * oldest first · POST /channels/:id/messages {content} → 201 {message}, stored, then
 * broadcast to the channel's room.
 */
export const chatApi = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/channels",
    chat({
      summary: "Channels",
      description: "The public ones and the caller's private ones, newest first.",
      responses: { 200: jsonResponse(z.strictObject({ channels: z.array(ChatChannelSchema) }), "The channels.") },
    }),
    async (c) => c.json({ channels: await listChannels(c.get("services"), c.get("viewer")) }),
  )
  .post(
    "/channels",
    chat({
      summary: "Create a channel",
      description: "The creator becomes a member.",
      responses: { 201: jsonResponse(z.strictObject({ channel: ChatChannelSchema }), "The new channel.") },
    }),
    validateWithMessageKeys("json", createChannelSchema),
    async (c) => {
      const channel = await createChannel(c.get("services"), c.get("viewer"), c.req.valid("json"));
      return c.json({ channel }, 201);
    },
  )
  .post(
    "/channels/:id/members",
    chat({
      summary: "Add a member to a private channel",
      description: "Only the channel's creator (403 chat_creator_only); 400 chat_channel_not_private.",
      responses: { 201: memberAnswer("Added."), 200: memberAnswer("Already a member."), ...errors(403, 404) },
    }),
    validate("param", channelParam),
    validateWithMessageKeys("json", addMemberSchema),
    async (c) => {
      const member = await addChannelMember(c.get("services"), c.get("viewer"), c.req.valid("param").id, c.req.valid("json").user_id);
      return c.json({ member }, member.added ? 201 : 200);
    },
  )
  .get(
    "/channels/:id/messages",
    chat({
      summary: "A channel's messages",
      description:
        "Oldest first; ?before=<cursor> for an older page, ?after=<last id> to catch up after a reconnect. A private channel is 404 to non-members.",
      responses: { 200: jsonResponse(ChatMessagePageSchema, "One page."), ...errors(404) },
    }),
    validate("param", channelParam),
    validateWithMessageKeys("query", messagesQuerySchema),
    async (c) => {
      return c.json(await listMessages(c.get("services"), c.get("viewer"), c.req.valid("param").id, c.req.valid("query")));
    },
  )
  .post(
    "/channels/:id/messages",
    chat({
      summary: "Post a message",
      description: "Stored, then broadcast to the channel's room.",
      responses: { 201: jsonResponse(z.strictObject({ message: ChatMessageSchema }), "The message."), ...errors(404) },
    }),
    validate("param", channelParam),
    validateWithMessageKeys("json", postMessageSchema),
    async (c) => {
      const message = await postMessage(c.get("services"), c.get("viewer"), c.req.valid("param").id, c.req.valid("json"));
      return c.json({ message }, 201);
    },
  );
