import { Server, type Connection, type ConnectionContext, type WSMessage } from "partyserver";
import type { ChatMessageEvent, ChatRoomEvent } from "~/modules/realtime/protocol";
import { parseClientMessage } from "~/modules/realtime/protocol.server";
import { pong, protocolError, refuseUnauthenticated, rememberUser } from "./room-helpers.ts";

/**
 * One room per chat channel (`channel-<id>`, party `chat-room`). Listen-only: messages are
 * POSTed to the API, which stores them in D1 and then calls broadcastMessage here (persist
 * first, then broadcast). Connections are authenticated before they reach the object
 * (party/connect-auth.ts: session, Origin, membership of a private channel); the room keeps
 * nothing but its sockets, which survive hibernation, so there is no state to restore.
 */
export class ChatRoom extends Server<Env> {
  static override options = { hibernate: true };

  override async fetch(request: Request): Promise<Response> {
    return refuseUnauthenticated(request) ?? super.fetch(request);
  }

  override onConnect(connection: Connection, ctx: ConnectionContext) {
    rememberUser(connection, ctx.request);
  }

  override onMessage(connection: Connection, message: WSMessage) {
    const parsed = parseClientMessage(message);
    const reply: ChatRoomEvent = parsed ? pong() : protocolError();
    connection.send(JSON.stringify(reply));
  }

  /** RPC from the chat service once the message is in D1: sends it to every socket once. */
  broadcastMessage(event: ChatMessageEvent): number {
    return sendToAll(this.getConnections(), JSON.stringify(event));
  }
}

/** Sends one frame to each connection; returns how many took it. */
export function sendToAll(connections: Iterable<Connection>, frame: string): number {
  let sent = 0;
  for (const connection of connections) {
    try {
      connection.send(frame);
      sent++;
    } catch {
      // A socket closing right now; it catches up (?after=<last id>) when it reconnects.
    }
  }
  return sent;
}
