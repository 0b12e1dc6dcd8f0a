import { data } from "react-router";
import { DEFAULT_LANGUAGE, languageFromCookie, type Language } from "~/i18n";
import { messagesFor } from "~/i18n/dictionaries.server";
import { isNetworkError } from "~/lib/network-error";
import { requireUser } from "~/modules/auth/guards.server";
import {
  forceNextDashboardFetch,
  freshDashboard,
  lastDashboard,
  rememberDashboard,
  takeForcedFetch,
} from "~/modules/dashboard/dashboard-cache";
import { DashboardScreen, type DashboardView } from "~/modules/dashboard/dashboard-screen";
import { RouteLoadError } from "~/modules/dashboard/load-error-state";
import { dashboardQuery } from "~/modules/dashboard/dashboard-scope";
import { useDashboardFigures } from "~/modules/dashboard/use-dashboard-figures";
import { crmScreenMeta, type CrmHandle } from "~/routes/staff/crm-layout";
import { workerContext } from "@worker/router-context";
import { defaultsToOwnFigures } from "@worker/auth/crm-permissions";
import { dashboardQuerySchema, getDashboard } from "@worker/services/dashboard-service";
import { DomainError } from "@worker/services/errors";
import type { Authenticated, ServiceContext } from "@worker/services/service-context";
import { listAssignableUsers } from "@worker/services/user-service";
import type { Route } from "./+types/dashboard";

export const handle: CrmHandle = { crmTitle: "crm.titles.dashboard" };
export const meta = crmScreenMeta;

/**
 * The dashboard's figures, rendered on the server: the team's or one seller's, as the URL says
 * (?scope=me|team, ?seller=<id>; dashboard-scope.ts). A URL the viewer may not use (a
 * colleague's figures for a sales_rep) or that names no user shows the viewer's default view,
 * which the page then names. A failure of the query does not throw: the page renders its error
 * state ('Erro inesperado ao carregar dados', 'Tentar novamente') in the frame, and the server
 * log keeps the database's message (the browser never sees it). Managers and admins get the
 * active users to pick a seller from.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const { services } = context.get(workerContext);
  const language = languageFromCookie(request.headers.get("Cookie")) ?? DEFAULT_LANGUAGE;
  // The page, and the task and lead dialogs that 'Nova ação' opens.
  const messages = messagesFor(language, ["crm.dashboard", "crm.tasks.dialog", "crm.tasks.toasts", "crm.leads.form", "crm.live"]);
  const [view, sellers] = await Promise.all([
    readView(services, viewer, dashboardQuery(new URL(request.url).searchParams)),
    defaultsToOwnFigures(viewer.user)
      ? []
      : listAssignableUsers(services, viewer).catch((error: unknown) => {
          console.error("dashboard: the sellers could not be read", error);
          return [];
        }),
  ]);
  return data({ ...view, sellers, language, messages }, { status: view.failure ? 500 : 200 });
}

/** The figures the URL's query asks for, or the viewer's default ones (query "") when it may not. */
async function readView(services: ServiceContext, viewer: Authenticated, asked: string): Promise<DashboardView & { query: string }> {
  const parsed = dashboardQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(asked)));
  if (asked && parsed.success) {
    try {
      return { dashboard: await getDashboard(services, viewer, new Date(), parsed.data), failure: null, query: asked };
    } catch (error) {
      if (!(error instanceof DomainError)) return failed(error, asked);
    }
  }
  try {
    return { dashboard: await getDashboard(services, viewer), failure: null, query: "" };
  } catch (error) {
    return failed(error, "");
  }
}

/** The error state; 'Tentar novamente' reads `query` again. */
function failed(error: unknown, query: string) {
  console.error("dashboard: the figures could not be read", error);
  return { dashboard: null, failure: "load" as const, query };
}

type DashboardData = Awaited<ReturnType<Route.ClientLoaderArgs["serverLoader"]>>;

/**
 * The language the server loader will answer in: the saved preference, as the loader reads it.
 * (Not <html lang>: right after a switch in the frame it still names the old language, and the
 * figures cached in that language would come back untranslated.)
 */
const savedLanguage = (): Language => languageFromCookie(document.cookie) ?? DEFAULT_LANGUAGE;

/**
 * crm.md §9: a fetch that is not forced is skipped while the last one is under 5 minutes old:
 * coming back to the dashboard, or the frame revalidating, reuses the figures on hand (a
 * language change fetches). 'Atualizar dados' and the 10-minute timer fetch in the page
 * (use-dashboard-figures.ts); 'Tentar novamente' after a failed first load forces this.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<DashboardData> {
  const forced = takeForcedFetch();
  const language = savedLanguage();
  const query = dashboardQuery(new URL(request.url).searchParams);
  const cached = forced ? null : freshDashboard<DashboardData>(language, query);
  if (cached) return cached;
  try {
    const result = await serverLoader();
    if (!result.failure) rememberDashboard(result, language, query);
    return result;
  } catch (error) {
    const last = lastDashboard<DashboardData>();
    if (!isNetworkError(error) || !last) throw error;
    return { ...last, dashboard: null, failure: "offline" as const, query };
  }
}

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
  const { view, refreshing, refresh, liveRefresh } = useDashboardFigures(loaderData);
  return (
    <DashboardScreen data={view} sellers={loaderData.sellers} refreshing={refreshing} onRefresh={refresh} onLiveChange={liveRefresh} />
  );
}

/** Only when no loader data could be had at all (the tab's first load of it failed). */
export function ErrorBoundary() {
  return <RouteLoadError testId="dashboard-error" beforeRetry={forceNextDashboardFetch} />;
}
