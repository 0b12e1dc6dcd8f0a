import type { Connection, ConnectionContext } from "partyserver";
import { REPLAY_WINDOW_MS, type ResyncEvent, type TeamRoomEvent } from "~/modules/realtime/protocol";
import { ListenOnlyRoom, sendToAll } from "./room-helpers.ts";

/** Clock difference allowed between the Worker that read the screen's data and this object. */
const CLOCK_MARGIN_MS = 2_000;

/**
 * The one team-wide room (`team`, party `team-room`): every signed-in staff member's open
 * CRM screens listen here for what everyone may see — leads created, moved, edited, deleted
 * or given a new activity (the live boards and timelines), and activity in public chat
 * channels (the chat screen's unread counts). Private things never go here: a private
 * channel's activity goes to its members' user rooms. Events are written to D1 first by the
 * services, then published (party/publish.ts publishToTeam).
 *
 * A screen reads its data, renders, and only then opens its socket: what was published in
 * between would be lost. So the room keeps the last REPLAY_WINDOW_MS of events in its own
 * SQLite storage, and a socket that connects with `?since=<ms>` (when its screen's data was
 * read) first gets every event published after that, in order (events are idempotent for the
 * screens: the same lead state, the same totals). A `since` older than the window gets a
 * `resync` event instead: the screen reads its data again.
 */
export class TeamRoom extends ListenOnlyRoom {
  override onStart() {
    this.ctx.storage.sql.exec("create table if not exists recent_events (at integer not null, frame text not null)");
  }

  override onConnect(connection: Connection, ctx: ConnectionContext) {
    if (!this.admit(connection, ctx.request)) return;
    const since = Number(new URL(ctx.request.url).searchParams.get("since"));
    if (!Number.isFinite(since) || since <= 0) return;
    const now = Date.now();
    if (since < now - REPLAY_WINDOW_MS + CLOCK_MARGIN_MS) {
      const resync: ResyncEvent = { type: "resync", id: crypto.randomUUID(), created_at: new Date(now).toISOString() };
      connection.send(JSON.stringify(resync));
      return;
    }
    const rows = this.ctx.storage.sql.exec<{ frame: string }>(
      "select frame from recent_events where at >= ? order by rowid",
      since - CLOCK_MARGIN_MS,
    );
    for (const row of rows) connection.send(row.frame);
  }

  /** RPC from the services: keeps and sends the events, in order, to every open screen of the team. */
  publish(events: TeamRoomEvent[]): number {
    const now = Date.now();
    const sql = this.ctx.storage.sql;
    sql.exec("delete from recent_events where at < ?", now - REPLAY_WINDOW_MS);
    let sent = 0;
    for (const event of events) {
      const frame = JSON.stringify(event);
      sql.exec("insert into recent_events (at, frame) values (?, ?)", now, frame);
      sent += sendToAll(this.getConnections(), frame);
    }
    return sent;
  }
}
