import type { TeamRoomEvent } from "~/modules/realtime/protocol";
import { ListenOnlyRoom, sendToAll } from "./room-helpers.ts";

/**
 * The one team-wide room (`team`, party `team-room`): every signed-in staff member's open
 * CRM screens listen here for what everyone may see — leads created, moved, edited, deleted
 * or given a new activity (the live boards and timelines), and activity in public chat
 * channels (the chat screen's unread counts). Private things never go here: a private
 * channel's activity goes to its members' user rooms. Events are written to D1 first by the
 * services, then published (party/publish.ts publishToTeam).
 */
export class TeamRoom extends ListenOnlyRoom {
  /** RPC from the services: sends the events, in order, to every open screen of the team. */
  publish(events: TeamRoomEvent[]): number {
    let sent = 0;
    for (const event of events) sent += sendToAll(this.getConnections(), JSON.stringify(event));
    return sent;
  }
}
