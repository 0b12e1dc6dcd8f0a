// The leads screen's list / table / pipeline toggle, remembered in a plain cookie so the server
// renders the chosen view when the URL names none.
import { cookieFromHeader } from "@worker/lib/cookies";

export type LeadsView = "list" | "table" | "pipeline";

const COOKIE = "leads-view";
const YEAR = 60 * 60 * 24 * 365;

const isLeadsView = (value: unknown): value is LeadsView => value === "list" || value === "table" || value === "pipeline";

/** The view of the URL's ?view=, else the remembered one, else the list. */
export function leadsViewFor(param: string | null, cookieHeader: string | null): LeadsView {
  if (isLeadsView(param)) return param;
  const saved = cookieFromHeader(cookieHeader, COOKIE);
  return isLeadsView(saved) ? saved : "list";
}

export function saveLeadsView(view: LeadsView) {
  document.cookie = `${COOKIE}=${view}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}

// The filters besides the text (owner, source, period, tag) are remembered per user: the
// cookie holds one user's, as "<user id>|owner=me&tag=Urgente", and another user signing in
// on the same browser starts without them.
const FILTERS_COOKIE = "leads-filters";

/** The filters this user last chose, as URL parameters; null when none are remembered. */
export function rememberedLeadFilters(cookieHeader: string | null, userId: string): URLSearchParams | null {
  const saved = cookieFromHeader(cookieHeader, FILTERS_COOKIE);
  if (!saved) return null;
  let value: string;
  try {
    value = decodeURIComponent(saved);
  } catch {
    return null;
  }
  const bar = value.indexOf("|");
  if (bar < 0 || value.slice(0, bar) !== userId) return null;
  return new URLSearchParams(value.slice(bar + 1));
}

/** Remembers the filters now in the URL (none: forgets them). */
export function saveLeadFilters(userId: string, params: URLSearchParams) {
  document.cookie = `${FILTERS_COOKIE}=${encodeURIComponent(`${userId}|${params.toString()}`)}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}

/** Forgets the remembered view and filters (Settings → Sistema, 'Limpar Cache'). */
export function forgetLeadsViewAndFilters() {
  for (const name of [COOKIE, FILTERS_COOKIE]) document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}
