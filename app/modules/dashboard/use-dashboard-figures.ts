import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { apiClient, ApiClientError, call, OfflineError } from "~/modules/crm/api-client";
import { DASHBOARD_REFRESH_MS, freshDashboard, rememberDashboard } from "./dashboard-cache.ts";
import type { DashboardView } from "./dashboard-screen.tsx";
import { dashboardApiQuery } from "./dashboard-scope.ts";

/** `query`: whose figures these are (dashboard-scope.ts); the refreshes ask for the same. */
type LoaderView = DashboardView & { language: string; query: string };

/**
 * The figures on screen: the loader's, then what 'Atualizar dados' (forced) and the 10-minute
 * timer (skipped while the last fetch is under 5 minutes old) fetch from /api/dashboard, and
 * what a lead change on another screen (live) fetches: quietly, without the loading
 * state, keeping the figures on screen if it fails.
 * Only the dashboard is asked (not the frame's loaders), so a failed refresh shows the
 * dashboard's error state and leaves the frame alone.
 */
export function useDashboardFigures<T extends LoaderView>(loaderData: T) {
  const { revalidate } = useRevalidator();
  const [view, setView] = useState<{ source: T; current: DashboardView }>({ source: loaderData, current: loaderData });
  if (view.source !== loaderData) setView({ source: loaderData, current: loaderData });
  const [refreshing, setRefreshing] = useState(false);
  const inFlight = useRef(false);
  // A live change that came while a fetch was under way (it may have read before the change).
  const again = useRef(false);

  // The server's figures count as a fetch: coming back within 5 minutes reuses them.
  useEffect(() => {
    if (!loaderData.failure) rememberDashboard(loaderData, loaderData.language, loaderData.query);
  }, [loaderData]);

  const refresh = useCallback(
    async (forced: boolean, quiet = false) => {
      if (inFlight.current) {
        again.current ||= quiet;
        return;
      }
      if (!forced && !quiet && freshDashboard(loaderData.language, loaderData.query)) return;
      inFlight.current = true;
      setRefreshing(forced);
      try {
        const dashboard = await call(apiClient.dashboard.$get({ query: dashboardApiQuery(loaderData.query) }));
        const next = { ...loaderData, dashboard, failure: null };
        rememberDashboard(next, loaderData.language, loaderData.query);
        setView({ source: loaderData, current: next });
      } catch (error) {
        // Signed out meanwhile: the frame's loader sends the browser to /auth.
        if (error instanceof ApiClientError && error.status === 401) void revalidate();
        if (quiet) return;
        setView({ source: loaderData, current: { dashboard: null, failure: error instanceof OfflineError ? "offline" : "load" } });
      } finally {
        inFlight.current = false;
        setRefreshing(false);
        if (again.current) {
          again.current = false;
          void refreshRef.current(false, true);
        }
      }
    },
    [loaderData, revalidate],
  );
  const refreshRef = useRef(refresh);
  useLayoutEffect(() => {
    refreshRef.current = refresh;
  });

  useEffect(() => {
    const timer = window.setInterval(() => void refresh(false), DASHBOARD_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);

  return {
    view: view.current,
    refreshing,
    refresh: useCallback(() => void refresh(true), [refresh]),
    liveRefresh: useCallback(() => void refresh(false, true), [refresh]),
  };
}
