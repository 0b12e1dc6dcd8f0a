import type { ChatMessageEvent } from "~/modules/realtime/protocol";
import { ListenOnlyRoom, sendToAll } from "./room-helpers.ts";

/**
 * One room per chat channel (`channel-<id>`, party `chat-room`). Listen-only: messages are
 * POSTed to the API, which stores them in D1 and then calls broadcastMessage here (persist
 * first, then broadcast). Connections are authenticated before they reach the object
 * (party/connect-auth.ts: session, Origin, membership of a private channel); the room keeps
 * nothing but its sockets, which survive hibernation, so there is no state to restore.
 */
export class ChatRoom extends ListenOnlyRoom {
  /** RPC from the chat service once the message is in D1: sends it to every socket once. */
  broadcastMessage(event: ChatMessageEvent): number {
    return sendToAll(this.getConnections(), JSON.stringify(event));
  }
}
