// The realtime protocol (docs/decisions/014): what the Durable Object rooms of
// party/ send over a WebSocket and the little a client may send back. Shared by the Worker
// (party/, worker/services) and the browser. TYPES AND TINY CONSTANTS ONLY: the browser
// imports this file with `import type` or for the constants, and zod must never reach a
// browser chunk; the server parses incoming frames with ./protocol.server.ts.
import type { LeadCurrency, LeadStatus } from "../../../worker/db/schema/enums.ts";
import type { ChatMessageDto, LeadDto, NotificationDto, OtherCurrencySums, UserRef } from "../../../worker/services/crm-types.ts";
import type { Language } from "~/i18n/languages";

/** partyserver parties (kebab-case of the Durable Object bindings ChatRoom and UserRoom). */
export const CHAT_PARTY = "chat-room";
export const USER_PARTY = "user-room";
export const TEAM_PARTY = "team-room";

/** The one team-wide room every signed-in staff member may join (boards, public chat activity). */
export const TEAM_ROOM = "team";

/** Rooms are named deterministically, so the API finds the same object as the sockets. */
export const channelRoomName = (channelId: string) => `channel-${channelId}`;
export const userRoomName = (userId: string) => `user-${userId}`;

/** Close codes a room uses (4000-4999 are the application's). */
export const CLOSE_CODES = {
  invalidMessage: 4400,
  /** The access token the socket was opened with expired, or its session signed out: reconnect. */
  sessionEnded: 4401,
} as const;

/**
 * Every event a room sends carries an `id` and a `created_at`. For a chat message they are
 * the message's own (the id is what `GET /api/chat/channels/:id/messages?after=<id>` takes
 * on reconnect); for a notification, the notification's; for a bare count change, a fresh
 * id and the time of the change.
 */
type EventBase = { id: string; created_at: string };

/** A message persisted in D1 and fanned out to `channel-<id>`. */
export type ChatMessageEvent = EventBase & { type: "chat.message"; channel_id: string; message: ChatMessageDto };

/** A notification's title and message in each of the CRM's languages. */
export type NotificationTexts = Record<Language, { title: string; message: string }>;

/**
 * A new notification for the user of `user-<id>`, with their unread count after it; its text
 * in every language (`texts`), so each tab shows the one its page is in (`notification` holds pt).
 */
export type NotificationCreatedEvent = EventBase & {
  type: "notification.created";
  notification: NotificationDto;
  texts: NotificationTexts;
  unread_count: number;
};

/** The user's unread count changed (read, read all, or several created at once). */
export type UnreadCountEvent = EventBase & { type: "notification.unread"; unread_count: number };

/**
 * A message was posted in a channel (for the chat screen's unread counts of the channels not
 * open). Public channels: sent to the team room; private ones: to each member's user room.
 * `seq` is the message's place in its channel (1, 2, 3…), comparable with a channel's `last_seq`.
 */
export type ChatActivityEvent = EventBase & { type: "chat.activity"; channel_id: string; seq: number; user_id: string };

/**
 * A channel became visible to the receiver (stored in D1 first): a new public channel (team
 * room) or a private channel the user was just added to (that user's room only). The chat
 * screen reloads its channel list; the open channel stays. The id is fresh per event.
 */
export type ChatChannelEvent = EventBase & { type: "chat.channel"; channel_id: string };

/**
 * Count and value sums (null = 0) of every lead per status, read right after a lead change
 * (lead_status_totals, kept by triggers): pipeline headers and dashboard figures take them
 * as they are instead of adding up changes. value_sum: the BRL leads; other_sums: the others,
 * per currency (never converted).
 */
export type LeadStatusTotals = Record<LeadStatus, { count: number; value_sum: number; other_sums: OtherCurrencySums }>;

/**
 * A lead was created (`change` "created": the CRM form, the site's contact form or chat
 * assistant) or changed (form, status-only pipeline move, tags, a returning visitor's
 * details), stored in D1 first. `lead` is the same DTO the lists and boards show;
 * `previous_status` is its status before (null when created). `actor` is who did it (null:
 * the public site). Sent to the team room. The id is fresh per event.
 */
export type LeadChangedEvent = EventBase & {
  type: "lead.changed";
  change: "created" | "updated";
  lead: LeadDto;
  previous_status: LeadStatus | null;
  actor: UserRef | null;
  totals: LeadStatusTotals;
};

/** A lead was deleted (with its timeline, notes and attachments). */
export type LeadDeletedEvent = EventBase & {
  type: "lead.deleted";
  lead_id: string;
  status: LeadStatus;
  estimated_value: number | null;
  currency: LeadCurrency;
  actor: UserRef | null;
  totals: LeadStatusTotals;
};

/** Something was added to, changed in or removed from a lead's timeline, notes or attachments. */
export type LeadActivityEvent = EventBase & {
  type: "lead.activity";
  lead_id: string;
  kind: "activity" | "note" | "attachment";
  actor: UserRef | null;
};

/**
 * A bulk action of the leads table changed and/or deleted several leads at once: one event for
 * the whole batch (screens apply it in one render). `changed` as lead.changed "updated" would
 * carry each lead, `deleted` as lead.deleted; `totals` after the batch.
 */
export type LeadBatchEvent = EventBase & {
  type: "lead.batch";
  changed: { lead: LeadDto; previous_status: LeadStatus }[];
  deleted: Pick<LeadDeletedEvent, "lead_id" | "status" | "estimated_value" | "currency">[];
  actor: UserRef | null;
  totals: LeadStatusTotals;
};

export type LeadEvent = LeadChangedEvent | LeadDeletedEvent | LeadActivityEvent | LeadBatchEvent;

/**
 * How long the team room keeps its events for a screen that connects late (`?since=<ms>`,
 * when the screen's data was read): it replays what was published after that.
 */
export const REPLAY_WINDOW_MS = 60_000;

/** The screen's `since` is older than what the room kept: read your data again. */
export type ResyncEvent = EventBase & { type: "resync" };

/** The reply to a client's ping (keep-alive / liveness check). */
export type PongEvent = EventBase & { type: "pong" };

/** A frame the room could not accept (it is dropped; nothing is re-broadcast). */
export type ProtocolErrorEvent = EventBase & { type: "error"; code: "invalid_message" };

export type ChatRoomEvent = ChatMessageEvent | PongEvent | ProtocolErrorEvent;
export type UserRoomEvent =
  NotificationCreatedEvent | UnreadCountEvent | ChatActivityEvent | ChatChannelEvent | PongEvent | ProtocolErrorEvent;
export type TeamRoomEvent = ChatActivityEvent | ChatChannelEvent | LeadEvent | ResyncEvent | PongEvent | ProtocolErrorEvent;
export type ServerEvent = ChatRoomEvent | UserRoomEvent | TeamRoomEvent;

/**
 * What a client may send. Messages are NOT sent over the socket: they are POSTed to the API,
 * which persists them and then broadcasts (persist first, then broadcast). The socket only
 * takes a ping, and the page's visibility (document.visibilityState) when it opens and each
 * time it changes: a user with the CRM visible in a tab gets no Web Push (the bell is enough).
 */
export type ClientMessage = { type: "ping" } | { type: "visibility"; visible: boolean };

/** Largest client frame a room reads (anything longer is refused unparsed). */
export const MAX_CLIENT_FRAME_CHARS = 1024;
