import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import type { UserRoomEvent } from "~/modules/realtime/protocol";
import { parseClientMessage } from "~/modules/realtime/protocol.server";
import { sendToAll } from "./chat-room.ts";
import { pong, protocolError, refuseUnauthenticated, rememberUser } from "./room-helpers.ts";

/**
 * One room per staff member (`user-<id>`, party `user-room`): every open tab of that user
 * listens here for their notifications and unread count. Only that user may connect
 * (party/connect-auth.ts). Events are written to D1 first by the notification service,
 * then published here (publishToUser).
 */
export class UserRoom extends Server<Env> {
  static override options = { hibernate: true };

  override async fetch(request: Request): Promise<Response> {
    return refuseUnauthenticated(request) ?? super.fetch(request);
  }

  override onConnect(connection: Connection, ctx: ConnectionContext) {
    rememberUser(connection, ctx.request);
  }

  override onMessage(connection: Connection, message: WSMessage) {
    const parsed = parseClientMessage(message);
    const reply: UserRoomEvent = parsed ? pong() : protocolError();
    connection.send(JSON.stringify(reply));
  }

  /** RPC from the services: sends the events, in order, to every tab of the user. */
  publish(events: UserRoomEvent[]): number {
    let sent = 0;
    for (const event of events) sent += sendToAll(this.getConnections(), JSON.stringify(event));
    return sent;
  }
}
