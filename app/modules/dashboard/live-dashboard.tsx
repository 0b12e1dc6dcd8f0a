import { useEffect, useLayoutEffect, useRef } from "react";
import { LiveStatus } from "~/modules/realtime/live-status";
import { TEAM_PARTY, TEAM_ROOM, type TeamRoomEvent } from "~/modules/realtime/protocol";
import { useLiveRoom } from "~/modules/realtime/use-live-room";

/** Quiet time after the last lead change before the figures are read (a burst reads once). */
const LIVE_REFRESH_DELAY_MS = 250;

/**
 * The dashboard's live layer, loaded after the page is up: a lead created, moved,
 * edited or deleted on another screen reads the figures again (once per burst), and so does a
 * connection that comes back after a drop (changes were missed). Shows 'Reconectando…' while
 * the connection is down. The server counts the figures of the view shown (`seller`'s or the
 * team's), so reading them again never mixes in another seller's leads; a lead created for
 * someone else than `seller` is not read for (a change may have taken a lead from them or
 * given one: those are read for).
 */
export default function LiveDashboard({ onChange, seller }: { onChange: () => void; seller: string | null }) {
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  const timer = useRef<number | undefined>(undefined);
  const later = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => latest.current(), LIVE_REFRESH_DELAY_MS);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const status = useLiveRoom<TeamRoomEvent>({
    party: TEAM_PARTY,
    room: TEAM_ROOM,
    onEvent: (event) => {
      if (event.type === "lead.changed" && event.change === "created" && seller !== null && event.lead.assigned_to !== seller) return;
      if (event.type === "lead.changed" || event.type === "lead.deleted" || event.type === "lead.batch") later();
    },
    onOpen: (first) => {
      if (!first) later();
    },
  });
  // data-live: for the browser tests (is the socket open?).
  return (
    <span data-testid="dashboard-live" data-live={status}>
      <LiveStatus status={status} />
    </span>
  );
}
