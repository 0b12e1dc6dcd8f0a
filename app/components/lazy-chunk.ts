// Code split into chunks of its own (dialogs, live layers) is fetched after the page: when
// that fetch fails because the browser is offline, the screen must not fall to its error
// boundary. (Kept small: it is in every CRM screen's first JavaScript.)
import { lazy, type ComponentType } from "react";

/**
 * `load()`; when it fails while the browser is offline, tried again once the connection is
 * back (however long that takes: the part simply shows later). A failure while online (a
 * deploy removed the chunk) is the caller's.
 */
export const loadChunk = <T>(load: () => Promise<T>): Promise<T> =>
  load().catch((error: unknown) => {
    if (typeof window === "undefined" || navigator.onLine) throw error;
    return new Promise((resolve) => window.addEventListener("online", resolve, { once: true })).then(() => loadChunk(load));
  });

/** React.lazy over loadChunk: the Suspense fallback stays up while offline instead of an error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's own
export const lazyChunk = <T extends ComponentType<any>>(load: () => Promise<{ default: T }>) => lazy(() => loadChunk(load));
