import type { Page, WebSocketRoute } from "playwright-core";

/**
 * Routes a page's live sockets under `pathPrefix` (e.g. "/parties/team-room/") so a test can
 * cut them as a lost network would, while the page's HTTP keeps working. While cut, every
 * reconnection attempt is refused: a socket closed BEFORE the route handler returns never
 * opens in the page (closed after it, the page would see a brief spurious open).
 */
export async function cuttableSockets(page: Page, pathPrefix: string) {
  let down = false;
  const open: WebSocketRoute[] = [];
  const refuse = (ws: WebSocketRoute) => ws.close({ code: 4001, reason: "network down" }).catch(() => undefined);
  await page.routeWebSocket(
    (url) => url.pathname.startsWith(pathPrefix),
    async (ws) => {
      if (down) return refuse(ws);
      open.push(ws);
      ws.connectToServer();
    },
  );
  return {
    /** Closes the open sockets and refuses new ones until restore(). */
    async cut() {
      down = true;
      for (const ws of open.splice(0)) await refuse(ws);
    },
    /** Lets the page's next reconnection through. */
    restore() {
      down = false;
    },
  };
}
