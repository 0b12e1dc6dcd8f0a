// The browser's end of a realtime room (docs/decisions/014). Loaded lazily by
// ./use-live-room.ts, so partysocket stays out of a screen's first JavaScript.
//
// partysocket reconnects with its back-off (1 s growing to 10 s, a little random); on top of
// that the socket pings every PING_EVERY_MS and, when no pong comes within PONG_WITHIN_MS,
// treats the link as dead and reconnects: a dropped network (Wi-Fi gone, laptop asleep) is
// otherwise noticed only when the operating system gives up on the TCP connection.
import { isSigningOut } from "~/modules/auth/signing-out";
import PartySocket from "partysocket";
import type { CLOSE_CODES, ServerEvent } from "./protocol.ts";

export const PING_EVERY_MS = 25_000;
export const PONG_WITHIN_MS = 10_000;

export type LiveSocketHandlers = {
  onEvent: (event: ServerEvent) => void;
  /** Every time the socket is open: `first` false after a reconnect (fetch what was missed). */
  onOpen: (first: boolean) => void;
  onClose: () => void;
};

export type LiveSocket = { close: () => void; reconnect: () => void };

/** CLOSE_CODES.sessionEnded, as a type-checked literal: importing the value would put protocol.ts into a chunk every CRM screen loads. */
const SESSION_ENDED: (typeof CLOSE_CODES)["sessionEnded"] = 4401;

let checking: Promise<void> | null = null;

/**
 * After a room closed this session's socket: renews the session (an expired token) or, when
 * the server says it is over (400/401), opens the sign-in page with the way back (not when the
 * user is signing out: its own redirect is on its way, signing-out.ts). One check at
 * a time for every socket of the page (each room closes its own). Here, in the lazily loaded
 * socket module, so no screen's first JavaScript carries it.
 */
function checkSession(): Promise<void> {
  if (isSigningOut()) return Promise.resolve();
  checking ??= fetch("/api/session/refresh", { method: "POST", credentials: "same-origin" })
    .then((response) => {
      if ((response.status === 400 || response.status === 401) && !isSigningOut()) {
        window.location.replace(`/auth?${new URLSearchParams({ redirectTo: location.pathname + location.search })}`);
      }
    })
    .catch(() => undefined)
    .finally(() => {
      checking = null;
    });
  return checking;
}

export function openLiveSocket(party: string, room: string, since: number | undefined, handlers: LiveSocketHandlers): LiveSocket {
  let opened = false;
  const socket = new PartySocket({
    host: window.location.host,
    protocol: window.location.protocol === "https:" ? "wss" : "ws",
    party,
    room,
    minReconnectionDelay: 500 + Math.random() * 1000,
    maxReconnectionDelay: 10_000,
    reconnectionDelayGrowFactor: 1.5,
    connectionTimeout: 5_000,
    // Only the first connection asks for a replay; a reconnect reads its data again (onOpen).
    query: () => (!opened && since ? { since: String(since) } : {}),
  });
  let pingTimer: number | undefined;
  let pongTimer: number | undefined;

  const stopTimers = () => {
    window.clearInterval(pingTimer);
    window.clearTimeout(pongTimer);
    pongTimer = undefined;
  };
  const ping = () => {
    if (socket.readyState !== PartySocket.OPEN || pongTimer !== undefined) return;
    socket.send(JSON.stringify({ type: "ping" }));
    pongTimer = window.setTimeout(() => {
      pongTimer = undefined;
      socket.reconnect();
    }, PONG_WITHIN_MS);
  };
  // The room learns whether this page is shown (a user with the CRM visible gets no Web Push).
  const sendVisibility = () => {
    if (socket.readyState === PartySocket.OPEN)
      socket.send(JSON.stringify({ type: "visibility", visible: document.visibilityState === "visible" }));
  };
  // Back from sleep or a lost network: check the link at once instead of at the next ping.
  const check = () => {
    sendVisibility();
    if (document.visibilityState === "visible") ping();
  };
  // The browser says the network is gone: the socket may look open for a while (TCP has not
  // noticed), so close it now (the screen says 'Reconectando…') and make no futile attempts
  // until the browser is back online; then connect at once (onOpen(false): catch up).
  const offline = () => {
    stopTimers();
    socket.close(1000, "offline");
  };
  const online = () => {
    if (socket.readyState === PartySocket.OPEN) ping();
    else socket.reconnect();
  };

  socket.addEventListener("open", () => {
    stopTimers();
    sendVisibility();
    pingTimer = window.setInterval(ping, PING_EVERY_MS);
    handlers.onOpen(!opened);
    opened = true;
  });
  socket.addEventListener("close", (event: CloseEvent) => {
    stopTimers();
    handlers.onClose();
    // The room ended this session (signed out elsewhere, password changed, account
    // deactivated) or its token expired: check the session now, not at the frame's next
    // 30-second tick, so a deactivated user's open tab leaves within seconds.
    if (event.code === SESSION_ENDED) void checkSession();
  });
  socket.addEventListener("message", (message: MessageEvent) => {
    if (typeof message.data !== "string") return;
    let event: ServerEvent;
    try {
      event = JSON.parse(message.data) as ServerEvent;
    } catch {
      return;
    }
    if (event.type === "pong") {
      window.clearTimeout(pongTimer);
      pongTimer = undefined;
      return;
    }
    if (event.type === "error") return;
    handlers.onEvent(event);
  });
  window.addEventListener("online", online);
  window.addEventListener("offline", offline);
  document.addEventListener("visibilitychange", check);

  return {
    close: () => {
      stopTimers();
      window.removeEventListener("online", online);
      window.removeEventListener("offline", offline);
      document.removeEventListener("visibilitychange", check);
      socket.close();
    },
    reconnect: () => socket.reconnect(),
  };
}
