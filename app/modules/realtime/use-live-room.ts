import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { LiveSocket } from "./live-socket.ts";
import type { ServerEvent } from "./protocol.ts";
import { loadChunk } from "~/components/lazy-chunk";

/**
 * - `connecting`: first connection under way (nothing to say yet);
 * - `live`: open, events arrive;
 * - `reconnecting`: the connection dropped (or never opened after STALL_MS); partysocket is
 *   retrying. Screens show it (LiveStatus) so nobody trusts a board that stopped moving.
 */
export type LiveRoomStatus = "connecting" | "live" | "reconnecting";

/** A first connection that takes longer than this is shown as reconnecting. */
const STALL_MS = 4_000;

export type UseLiveRoomOptions<E extends ServerEvent> = {
  party: string;
  /** null: no room (e.g. no channel selected) — no socket. */
  room: string | null;
  onEvent: (event: E) => void;
  /**
   * Called each time the socket opens: `first` false after a reconnect. Fetch what was missed
   * here (persist first, then broadcast: the record in D1 has everything), then merge by id.
   */
  onOpen?: (first: boolean) => void;
  /**
   * When the screen's data was read on the server (ms since the epoch): the first connection
   * asks the room for what was published since then (the team room replays it), so nothing
   * falls between the read and the socket. Read once, at the first connection.
   */
  since?: number;
};

/**
 * Subscribes a screen to a room while it is mounted. The socket code (partysocket) is loaded
 * after the screen has rendered, so it never weighs on a page's first JavaScript. The latest
 * callbacks are always used (no reconnect when they change); a new `room` reconnects.
 */
export function useLiveRoom<E extends ServerEvent>({ party, room, onEvent, onOpen, since }: UseLiveRoomOptions<E>): LiveRoomStatus {
  const [status, setStatus] = useState<LiveRoomStatus>("connecting");
  const handlers = useRef({ onEvent, onOpen });
  useLayoutEffect(() => {
    handlers.current = { onEvent, onOpen };
  });
  const firstSince = useRef(since);

  useEffect(() => {
    if (!room) return;
    let socket: LiveSocket | null = null;
    let cancelled = false;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the status follows the socket this effect opens
    setStatus("connecting");
    const stall = window.setTimeout(() => setStatus((s) => (s === "connecting" ? "reconnecting" : s)), STALL_MS);
    loadChunk(() => import("./live-socket.ts")).then(
      ({ openLiveSocket }) => {
        if (cancelled) return;
        socket = openLiveSocket(party, room, firstSince.current, {
          onEvent: (event) => handlers.current.onEvent(event as E),
          onOpen: (first) => {
            window.clearTimeout(stall);
            setStatus("live");
            handlers.current.onOpen?.(first);
          },
          onClose: () => {
            if (!cancelled) setStatus("reconnecting");
          },
        });
      },
      // The chunk could not load (waited for while offline; here after three failures online,
      // as when a deploy removed it): say so; a reload fixes it.
      () => {
        if (!cancelled) setStatus("reconnecting");
      },
    );
    return () => {
      cancelled = true;
      window.clearTimeout(stall);
      socket?.close();
    };
  }, [party, room]);

  return room ? status : "connecting";
}
