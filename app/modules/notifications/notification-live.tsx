import { useEffect } from "react";
import { USER_PARTY, userRoomName, type UserRoomEvent } from "~/modules/realtime/protocol";
import { useLiveRoom, type LiveRoomStatus } from "~/modules/realtime/use-live-room";

/**
 * The bell's subscription to the user's room (`user-<id>`), in its own chunk: the bell is on
 * every CRM screen, so the socket hook loads after the frame has rendered (partysocket after
 * that, see use-live-room.ts). Renders nothing; reports each event, each (re)open and the
 * connection's status to the bell.
 */
export default function NotificationLive({
  userId,
  onEvent,
  onOpen,
  onStatus,
}: {
  userId: string;
  onEvent: (event: UserRoomEvent) => void;
  onOpen: (first: boolean) => void;
  onStatus: (status: LiveRoomStatus) => void;
}) {
  const status = useLiveRoom<UserRoomEvent>({ party: USER_PARTY, room: userRoomName(userId), onEvent, onOpen });
  useEffect(() => onStatus(status), [status, onStatus]);
  return null;
}
