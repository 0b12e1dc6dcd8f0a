// Code split into chunks of its own (dialogs, live layers) is fetched after the page: when
// that fetch fails because the browser is offline, the screen must not fall to its error
// boundary. (Kept small: it is in every CRM screen's first JavaScript.)
import { lazy, type ComponentType } from "react";

/**
 * `load()`; when it fails while the browser is offline, tried again once the connection is
 * back (however long that takes: the part simply shows later). A failure while the browser
 * still says online is tried again after a second, up to `retries` times: a connection that
 * is dropping fails the fetch before its offline event (the next try then waits for
 * 'online'). Only a failure that lasts (a deploy removed the chunk) is the caller's.
 */
export const loadChunk = <T>(load: () => Promise<T>, retries = 3): Promise<T> =>
  load().catch((error: unknown) => {
    if (typeof window === "undefined") throw error;
    const online = navigator.onLine;
    if (online && retries <= 0) throw error;
    const again = online
      ? new Promise((resolve) => setTimeout(resolve, 1000))
      : new Promise((resolve) => window.addEventListener("online", resolve, { once: true }));
    return again.then(() => loadChunk(load, online ? retries - 1 : retries));
  });

/** React.lazy over loadChunk: the Suspense fallback stays up while offline instead of an error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's own
export const lazyChunk = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) => lazy(() => loadChunk(load));
