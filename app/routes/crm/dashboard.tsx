import { data, useRevalidator, useRouteError } from "react-router";
import { DEFAULT_LANGUAGE, languageFromCookie, type Language } from "~/i18n";
import { messagesFor } from "~/i18n/dictionaries.server";
import { useI18n } from "~/i18n/react";
import { isNetworkError } from "~/lib/network-error";
import { requireUser } from "~/modules/auth/guards.server";
import {
  forceNextDashboardFetch,
  freshDashboard,
  lastDashboard,
  rememberDashboard,
  takeForcedFetch,
} from "~/modules/dashboard/dashboard-cache";
import { DashboardError, DashboardScreen, type DashboardView } from "~/modules/dashboard/dashboard-screen";
import { useDashboardFigures } from "~/modules/dashboard/use-dashboard-figures";
import { crmScreenMeta, type CrmHandle } from "~/routes/staff/crm-layout";
import { workerContext } from "@worker/router-context";
import { getDashboard } from "@worker/services/dashboard-service";
import type { Route } from "./+types/dashboard";

export const handle: CrmHandle = { crmTitle: "crm.titles.dashboard" };
export const meta = crmScreenMeta;

/**
 * The dashboard's figures, rendered on the server. A failure of the query does not throw:
 * the page renders its error state ('Erro inesperado ao carregar dados', 'Tentar novamente')
 * in the frame, and the server log keeps the database's message (the browser never sees it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const language = languageFromCookie(request.headers.get("Cookie")) ?? DEFAULT_LANGUAGE;
  // The page, and the task and lead dialogs that 'Nova ação' opens.
  const messages = messagesFor(language, ["crm.dashboard", "crm.tasks.dialog", "crm.tasks.toasts", "crm.leads.form", "crm.live"]);
  let view: DashboardView;
  try {
    view = { dashboard: await getDashboard(context.get(workerContext).services, viewer), failure: null };
  } catch (error) {
    console.error("dashboard: the figures could not be read", error);
    view = { dashboard: null, failure: "load" };
  }
  return data({ ...view, language, messages }, { status: view.failure ? 500 : 200 });
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
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs): Promise<DashboardData> {
  const forced = takeForcedFetch();
  const language = savedLanguage();
  const cached = forced ? null : freshDashboard<DashboardData>(language);
  if (cached) return cached;
  try {
    const result = await serverLoader();
    if (!result.failure) rememberDashboard(result, language);
    return result;
  } catch (error) {
    const last = lastDashboard<DashboardData>();
    if (!isNetworkError(error) || !last) throw error;
    return { ...last, dashboard: null, failure: "offline" as const };
  }
}

export default function DashboardRoute({ loaderData }: Route.ComponentProps) {
  const { view, refreshing, refresh, liveRefresh } = useDashboardFigures(loaderData);
  return <DashboardScreen data={view} refreshing={refreshing} onRefresh={refresh} onLiveChange={liveRefresh} />;
}

/** Only when no loader data could be had at all (the tab's first load of it failed). */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const offline = isNetworkError(error) || error instanceof TypeError;
  return (
    <DashboardError
      message={offline ? t("crm.shared.offline") : t("errorScreen.message")}
      retrying={revalidator.state === "loading"}
      onRetry={() => {
        forceNextDashboardFetch();
        void revalidator.revalidate();
      }}
    />
  );
}
