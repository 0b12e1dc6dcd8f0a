import { Theme } from "@radix-ui/themes";
import radixStyles from "@radix-ui/themes/styles.css?url";
import { createContext, useContext, useState } from "react";
import { Outlet } from "react-router";
import { readTheme, saveTheme, type ThemeAppearance } from "~/modules/crm/preferences";
import type { Route } from "./+types/theme-layout";
import { queryOnlyChange } from "~/lib/query-only-change";

// Radix Themes (and its stylesheet) only for /auth and the CRM: public pages stay light.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: radixStyles }];

/** Nothing here depends on the query string (app/lib/query-only-change.ts). */
export const shouldRevalidate = queryOnlyChange;

export function loader({ request }: Route.LoaderArgs) {
  return { theme: readTheme(request.headers.get("Cookie")) };
}

type ThemeControl = { theme: ThemeAppearance; setTheme: (theme: ThemeAppearance) => void };
const ThemeControlContext = createContext<ThemeControl | null>(null);

export function useThemeControl() {
  const value = useContext(ThemeControlContext);
  if (!value) throw new Error("useThemeControl must be used inside the staff theme layout");
  return value;
}

export default function StaffThemeLayout({ loaderData }: Route.ComponentProps) {
  const [theme, setThemeState] = useState<ThemeAppearance>(loaderData.theme);
  const setTheme = (next: ThemeAppearance) => {
    saveTheme(next);
    setThemeState(next);
  };
  return (
    <ThemeControlContext.Provider value={{ theme, setTheme }}>
      <Theme appearance={theme} accentColor="indigo" grayColor="slate" radius="medium" className="min-h-screen">
        <Outlet />
      </Theme>
    </ThemeControlContext.Provider>
  );
}
