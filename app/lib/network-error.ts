// What fetch() rejects with when no answer came back at all (offline, a dropped connection,
// an unreachable server, DNS). It is always a TypeError, worded by each engine its own way;
// other TypeErrors (a bug while decoding an answer) must still reach the error screen.
const NETWORK_MESSAGES = [
  "failed to fetch", // Chromium
  "networkerror when attempting to fetch resource", // Firefox
  "load failed", // Safari 17+
  "the internet connection appears to be offline", // older Safari
  "the network connection was lost", // Safari
  "network request failed", // polyfills
  "fetch failed", // undici (Node)
];

/** True when `error` means the request never got an answer: the visitor should try again. */
export function isNetworkError(error: unknown): boolean {
  if (!(error instanceof TypeError)) return false;
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  const message = error.message.toLowerCase();
  return NETWORK_MESSAGES.some((known) => message.includes(known));
}
