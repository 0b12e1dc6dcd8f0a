// Display preferences of the CRM kept in plain cookies, so the server renders them too.
import { cookieFromHeader } from "@worker/lib/cookies";

export type ThemeAppearance = "light" | "dark";

const YEAR = 60 * 60 * 24 * 365;

export const readTheme = (cookieHeader: string | null): ThemeAppearance =>
  cookieFromHeader(cookieHeader, "theme") === "dark" ? "dark" : "light";

export const readSidebarCollapsed = (cookieHeader: string | null) => cookieFromHeader(cookieHeader, "sidebar") === "collapsed";

export function saveTheme(theme: ThemeAppearance) {
  document.cookie = `theme=${theme}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}

export function saveSidebarCollapsed(collapsed: boolean) {
  document.cookie = `sidebar=${collapsed ? "collapsed" : "expanded"}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}
