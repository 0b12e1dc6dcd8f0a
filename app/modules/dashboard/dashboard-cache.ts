// The dashboard's figures as last fetched in this tab (crm.md §9): a fetch that is not forced
// is skipped while the figures are under 5 minutes old, the open page refreshes them every
// 10 minutes, and 'Atualizar dados' (or a save from 'Nova ação') forces the next fetch.
// The figures are kept for one language and one view (whose figures: dashboard-scope.ts).

const DASHBOARD_STALE_MS = 5 * 60_000;
export const DASHBOARD_REFRESH_MS = 10 * 60_000;

type Entry<T> = { data: T; at: number; key: string };

const keyOf = (language: string, query: string) => `${language}?${query}`;

let entry: Entry<unknown> | null = null;
let forceNext = false;

/** The cached figures when they are fresh enough for a fetch that is not forced, in this language and view. */
export function freshDashboard<T>(language: string, query: string, now = Date.now()): T | null {
  if (!entry || entry.key !== keyOf(language, query) || now - entry.at >= DASHBOARD_STALE_MS) return null;
  return entry.data as T;
}

/** The last figures fetched (any age), e.g. to keep on screen while offline. */
export function lastDashboard<T>(): T | null {
  return (entry?.data as T | undefined) ?? null;
}

/** Records figures just fetched (or rendered by the server). The same object again keeps its time. */
export function rememberDashboard<T>(data: T, language: string, query: string, now = Date.now()) {
  const key = keyOf(language, query);
  if (entry && entry.data === data && entry.key === key) return;
  entry = { data, at: now, key };
}

/** The next load fetches whatever the cache holds. */
export function forceNextDashboardFetch() {
  forceNext = true;
}

/** Whether this load was forced (and clears the flag). */
export function takeForcedFetch(): boolean {
  const forced = forceNext;
  forceNext = false;
  return forced;
}

/** Forgets the figures (Settings → Sistema, 'Limpar Cache'): the next load fetches them. */
export function forgetDashboard() {
  entry = null;
}
