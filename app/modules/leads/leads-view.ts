// The leads screen's list / pipeline toggle, remembered in a plain cookie so the server
// renders the chosen view when the URL names none.
import { cookieFromHeader } from "@worker/lib/cookies";

export type LeadsView = "list" | "pipeline";

const COOKIE = "leads-view";
const YEAR = 60 * 60 * 24 * 365;

const isLeadsView = (value: unknown): value is LeadsView => value === "list" || value === "pipeline";

/** The view of the URL's ?view=, else the remembered one, else the list. */
export function leadsViewFor(param: string | null, cookieHeader: string | null): LeadsView {
  if (isLeadsView(param)) return param;
  const saved = cookieFromHeader(cookieHeader, COOKIE);
  return isLeadsView(saved) ? saved : "list";
}

export function saveLeadsView(view: LeadsView) {
  document.cookie = `${COOKIE}=${view}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}
