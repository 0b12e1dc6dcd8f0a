import type { UserRoomEvent } from "~/modules/realtime/protocol";
import { ListenOnlyRoom, sendToAll } from "./room-helpers.ts";

/**
 * One room per staff member (`user-<id>`, party `user-room`): every open tab of that user
 * listens here for their notifications and unread count. Only that user may connect
 * (party/connect-auth.ts). Events are written to D1 first by the notification service,
 * then published here (publishToUser).
 */
export class UserRoom extends ListenOnlyRoom {
  /** RPC from the services: sends the events, in order, to every tab of the user. */
  publish(events: UserRoomEvent[]): number {
    let sent = 0;
    for (const event of events) sent += sendToAll(this.getConnections(), JSON.stringify(event));
    return sent;
  }
}
