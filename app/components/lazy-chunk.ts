// Code split into chunks of its own (dialogs, live layers, below-the-fold parts) is fetched
// after the page: when that fetch fails, a screen must not fall to its error boundary.
import { lazy, type ComponentType } from "react";

/** Fetches that fail while the browser is online are tried this many times in all. */
const ONLINE_ATTEMPTS = 3;

const online = () =>
  new Promise<void>((resolve) => {
    if (navigator.onLine) return resolve();
    window.addEventListener("online", () => resolve(), { once: true });
  });

/**
 * `load()`, tried again when it fails: after the connection comes back when the browser is
 * offline (however long that takes; the part simply shows later), else up to three times in
 * all, a second and then two apart (a lost packet); then the error is the caller's.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (typeof window === "undefined") throw error;
      if (!navigator.onLine) {
        await online();
        attempt = 0;
        continue;
      }
      if (attempt >= ONLINE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000 * attempt));
    }
  }
}

/** React.lazy over loadChunk: the Suspense fallback stays up while offline instead of an error. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same bound as React.lazy's own
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => loadChunk(load));
}
