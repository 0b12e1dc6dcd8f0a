import type { LeadStatus } from "@worker/db/schema/enums";
import { useLayoutEffect, useRef } from "react";
import { apiClient, call } from "~/modules/crm/api-client";
import { LiveStatus } from "~/modules/realtime/live-status";
import { unbatch } from "~/modules/realtime/lead-batch";
import { TEAM_PARTY, TEAM_ROOM, type LeadChangedEvent, type LeadDeletedEvent, type TeamRoomEvent } from "~/modules/realtime/protocol";
import { useLiveRoom } from "~/modules/realtime/use-live-room";
import { hasLeadFilters } from "@worker/services/lead-filter-keys";
import { liveChange, withColumnTotals, type LeadScope } from "./live-leads-state";
import type { LiveChange } from "./pipeline-state";

type LiveLeadsProps = {
  /** The board's search (?q=): its column counts are of the matches, read again after a change. */
  q: string;
  /** The filters besides the text (owner, source, period, tag) and the viewer: the same rule. */
  scope: LeadScope;
  /** Whether the pipeline is on screen (only then are its column counts read again). */
  pipeline: boolean;
  /** When the screen's data was read on the server: the team room replays what came after. */
  since?: number;
  onChange: (change: LiveChange) => void;
};

/**
 * The leads screen's live layer, loaded after the screen is up: listens to the team
 * room and turns each lead event into a LiveChange for the board, the list and the open lead
 * detail; after a dropped connection, a `resync` change (read everything again).
 * Shows 'Reconectando…' while the connection is down.
 */
export default function LiveLeads({ q, scope, pipeline, since, onChange }: LiveLeadsProps) {
  const latest = useRef({ q, scope, pipeline, onChange });
  useLayoutEffect(() => {
    latest.current = { q, scope, pipeline, onChange };
  });

  /** A board with a search or filters: the touched columns' counts and sums of the matches, from the server. */
  const recount = async (statuses: LeadStatus[]) => {
    const { q: search, scope: asked } = latest.current;
    for (const status of new Set(statuses)) {
      try {
        const column = await call(
          apiClient.leads.pipeline[":status"].$get({ param: { status }, query: { q: search, ...asked.filters, limit: "1" } }),
        );
        if (latest.current.q !== search || latest.current.scope !== asked) return;
        latest.current.onChange({
          event: null,
          board: (columns) => withColumnTotals(columns, status, column),
          recounts: [status],
          list: (items) => items,
        });
      } catch {
        // Offline: the reconnect reads the whole board again.
      }
    }
  };

  const status = useLiveRoom<TeamRoomEvent>({
    party: TEAM_PARTY,
    room: TEAM_ROOM,
    since,
    onEvent: (event) => {
      // The room kept less than what came since the screen's data was read: read it again.
      if (event.type === "resync")
        return latest.current.onChange({ event: null, resync: true, board: (columns) => columns, list: (items) => items });
      if (event.type !== "lead.changed" && event.type !== "lead.deleted" && event.type !== "lead.activity" && event.type !== "lead.batch")
        return;
      const { q: search, scope, pipeline: board, onChange: tell } = latest.current;
      const change = liveChange(event, search, scope);
      if (!change) return;
      tell(change);
      if ((search || hasLeadFilters(scope.filters)) && board && event.type !== "lead.activity") {
        const touched = (single: LeadChangedEvent | LeadDeletedEvent) =>
          single.type === "lead.deleted"
            ? [single.status]
            : [single.lead.status, ...(single.previous_status ? [single.previous_status] : [])];
        void recount([...new Set(event.type === "lead.batch" ? unbatch(event).flatMap(touched) : touched(event))]);
      }
    },
    onOpen: (first) => {
      if (!first) latest.current.onChange({ event: null, resync: true, board: (columns) => columns, list: (items) => items });
    },
  });

  // data-live: for the browser tests (is the socket open?).
  return (
    <span data-testid="leads-live" data-live={status}>
      <LiveStatus status={status} />
    </span>
  );
}
