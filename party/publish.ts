// The services' way into the rooms (persist first, then broadcast: call these only after
// the write is in D1). Each is a no-op when the Durable Object binding is absent.
import { getServerByName } from "partyserver";
import {
  channelRoomName,
  TEAM_ROOM,
  userRoomName,
  type ChatMessageEvent,
  type TeamRoomEvent,
  type UserRoomEvent,
} from "~/modules/realtime/protocol";
import type { ChatMessageDto } from "../worker/services/crm-types.ts";
import type { SessionMatch } from "./room-helpers.ts";

/** Fans a stored chat message out to its channel's room; returns how many sockets got it. */
export async function publishChatMessage(env: Env, message: ChatMessageDto): Promise<number> {
  if (!env.ChatRoom) return 0;
  const event: ChatMessageEvent = {
    type: "chat.message",
    id: message.id,
    created_at: message.created_at,
    channel_id: message.channel_id,
    message,
  };
  const room = await getServerByName(env.ChatRoom, channelRoomName(message.channel_id));
  return room.broadcastMessage(event);
}

/** Sends each user's events to their room (all users in parallel); failures are logged, not thrown. */
export async function publishToUsers(env: Env, eventsByUser: ReadonlyMap<string, UserRoomEvent[]>): Promise<void> {
  if (!env.UserRoom) return;
  const namespace = env.UserRoom;
  await Promise.all(
    [...eventsByUser].map(async ([userId, events]) => {
      if (events.length === 0) return;
      try {
        const room = await getServerByName(namespace, userRoomName(userId));
        await room.publish(events);
      } catch (error) {
        console.error(`realtime: could not publish to user-${userId}`, error);
      }
    }),
  );
}

/** Sends events to the team-wide room (every signed-in screen); failures are logged, not thrown. */
export async function publishToTeam(env: Env, events: TeamRoomEvent[]): Promise<number> {
  if (!env.TeamRoom || events.length === 0) return 0;
  try {
    const room = await getServerByName(env.TeamRoom, TEAM_ROOM);
    return await room.publish(events);
  } catch (error) {
    console.error("realtime: could not publish to the team room", error);
    return 0;
  }
}

/**
 * Closes the sockets of a user's ended session(s) in the rooms they can be in: their user
 * room, the team room, and the given channels' rooms, all in parallel; each room also
 * remembers `endedSessionIds` so a socket of theirs still on its way in is closed as it
 * opens. Failures are logged, not thrown (a socket left open still ends when its access
 * token expires).
 */
export async function disconnectSessions(
  env: Env,
  match: SessionMatch,
  channelIds: readonly string[],
  endedSessionIds: readonly string[] = [],
): Promise<number> {
  const ids = [...endedSessionIds];
  const rooms: Promise<number>[] = [];
  if (env.UserRoom)
    rooms.push(getServerByName(env.UserRoom, userRoomName(match.userId)).then((room) => room.disconnectSessions(match, ids)));
  if (env.TeamRoom) rooms.push(getServerByName(env.TeamRoom, TEAM_ROOM).then((room) => room.disconnectSessions(match, ids)));
  if (env.ChatRoom) {
    const namespace = env.ChatRoom;
    for (const id of channelIds)
      rooms.push(getServerByName(namespace, channelRoomName(id)).then((room) => room.disconnectSessions(match, ids)));
  }
  let closed = 0;
  for (const result of await Promise.allSettled(rooms)) {
    if (result.status === "fulfilled") closed += result.value;
    else console.error("realtime: could not close an ended session's sockets", result.reason);
  }
  return closed;
}
