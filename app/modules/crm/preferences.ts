// Display preferences of the CRM kept in plain cookies, so the server renders them too.

export type ThemeAppearance = "light" | "dark";

const YEAR = 60 * 60 * 24 * 365;

function readCookieValue(cookieHeader: string | null | undefined, name: string) {
  for (const part of cookieHeader?.split(";") ?? []) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

export const readTheme = (cookieHeader: string | null): ThemeAppearance =>
  readCookieValue(cookieHeader, "theme") === "dark" ? "dark" : "light";

export const readSidebarCollapsed = (cookieHeader: string | null) => readCookieValue(cookieHeader, "sidebar") === "collapsed";

export function saveTheme(theme: ThemeAppearance) {
  document.cookie = `theme=${theme}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}

export function saveSidebarCollapsed(collapsed: boolean) {
  document.cookie = `sidebar=${collapsed ? "collapsed" : "expanded"}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
}
