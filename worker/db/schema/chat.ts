import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id, nowIso } from "./columns.ts";
import { users } from "./users.ts";

export const chatChannels = sqliteTable(
  "chat_channels",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    isPrivate: integer("is_private", { mode: "boolean" }).notNull().default(false),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("chat_channels_created_at_idx").on(t.createdAt), check("chat_channels_name_check", sql`length(trim(${t.name})) > 0`)],
);

export const chatChannelMembers = sqliteTable(
  "chat_channel_members",
  {
    channelId: text("channel_id")
      .notNull()
      .references(() => chatChannels.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: text("joined_at").notNull().default(nowIso),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] }), index("chat_channel_members_user_idx").on(t.userId)],
);

export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: id(),
    channelId: text("channel_id")
      .notNull()
      .references(() => chatChannels.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    createdAt: createdAt(),
    /**
     * Order within the channel: 1, 2, 3… with no ties (several messages can share a
     * created_at). Written by the INSERT itself (max + 1 of the channel, one statement), or
     * by the trigger of migration 0008 when an insert leaves it out. Paging and reconnect
     * backfill go by it; cursors are the UUID, and the DTO carries seq for ordering and
     * unread counts (a channel's last_seq).
     */
    seq: integer("seq"),
  },
  (t) => [
    index("chat_messages_channel_created_at_idx").on(t.channelId, t.createdAt),
    uniqueIndex("chat_messages_channel_seq_idx").on(t.channelId, t.seq),
    check("chat_messages_content_check", sql`length(trim(${t.content})) > 0`),
  ],
);

export type ChatChannel = typeof chatChannels.$inferSelect;
export type ChatMessage = typeof chatMessages.$inferSelect;
