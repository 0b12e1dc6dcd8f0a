import { useEffect, useRef, useState } from "react";
import { data, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { DEFAULT_LANGUAGE, languageFromCookie } from "~/i18n";
import { messagesFor } from "~/i18n/dictionaries.server";
import { useI18n } from "~/i18n/react";
import { isNetworkError } from "~/lib/network-error";
import { requireUser } from "~/modules/auth/guards.server";
import { useToast } from "~/components/ui/toaster";
import { RouteLoadError } from "~/modules/dashboard/load-error-state";
import { OfflineError } from "~/modules/crm/api-client";
import { downloadReportCsv } from "~/modules/reports/report-download";
import { ReportsScreen, type ReportsView } from "~/modules/reports/reports-screen";
import { crmScreenMeta, type CrmHandle } from "~/routes/staff/crm-layout";
import { workerContext } from "@worker/router-context";
import type { ReportPeriod } from "@worker/services/crm-types";
import { getReport } from "@worker/services/report-service";
import { reportPeriodFrom } from "@worker/services/report-periods";
import type { Route } from "./+types/analytics";

export const handle: CrmHandle = { crmTitle: "crm.titles.analytics" };
export const meta = crmScreenMeta;

/**
 * Relatórios e Analytics (/analytics and /reports, issue 21): the period the URL names
 * (?period=7d|30d|month|all, 30 days otherwise), computed on the server by the same service as
 * GET /api/reports. A failed read renders the error state in the frame (the server log keeps
 * the database's message).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context);
  const { services } = context.get(workerContext);
  const language = languageFromCookie(request.headers.get("Cookie")) ?? DEFAULT_LANGUAGE;
  const period = reportPeriodFrom(new URL(request.url).searchParams);
  const messages = messagesFor(language, ["crm.reports"]);
  let view: ReportsView;
  try {
    view = { report: await getReport(services, period), failure: null };
  } catch (error) {
    console.error("reports: the figures could not be read", error);
    view = { report: null, failure: "load" };
  }
  return data({ ...view, period, messages }, { status: view.failure ? 500 : 200 });
}

type ReportsData = Awaited<ReturnType<Route.ClientLoaderArgs["serverLoader"]>>;
let last: ReportsData | null = null;

/** Offline: the screen stays, saying so, rather than the route's error page. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<ReportsData> {
  try {
    const result = await serverLoader();
    last = result;
    return result;
  } catch (error) {
    if (!isNetworkError(error) || !last) throw error;
    return { ...last, report: null, failure: "offline" as const, period: reportPeriodFrom(new URL(request.url).searchParams) };
  }
}

export default function ReportsRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const toast = useToast();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [, setSearchParams] = useSearchParams();
  const [exporting, setExporting] = useState(false);
  const { failure } = loaderData;
  const loading =
    navigation.state === "loading" && (navigation.location.pathname === "/analytics" || navigation.location.pathname === "/reports");
  // The period chosen shows at once, while its figures load; the export is of the figures shown.
  const period = loading ? reportPeriodFrom(new URLSearchParams(navigation.location.search)) : loaderData.period;

  // A period that could not be read after the screen was up: the spec's toast beside the state.
  const shown = useRef(false);
  useEffect(() => {
    // What the screen shows, for the client loader to keep when a later period cannot be read.
    if (!loaderData.failure) last = loaderData;
    if (failure && shown.current) {
      toast({ title: t("crm.shared.errorTitle"), description: t("crm.reports.toasts.loadFailed"), variant: "destructive" });
    }
    shown.current = true;
  }, [failure, loaderData, t, toast]);

  const choose = (next: ReportPeriod) =>
    setSearchParams(
      (params) => {
        if (next === "30d") params.delete("period");
        else params.set("period", next);
        return params;
      },
      { preventScrollReset: true },
    );

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadReportCsv(loaderData.period);
      toast({ title: t("crm.reports.toasts.exported") });
    } catch (error) {
      toast({
        title: t("crm.reports.toasts.exportFailed"),
        description: error instanceof OfflineError ? t("crm.shared.offline") : (error as Error).message,
        variant: "destructive",
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <ReportsScreen
      data={loaderData}
      period={period}
      loading={loading}
      retrying={revalidator.state === "loading"}
      exporting={exporting}
      onPeriod={choose}
      onRetry={() => void revalidator.revalidate()}
      onExport={() => void exportCsv()}
    />
  );
}

/** Only when no loader data could be had at all (the first load of the screen failed). */
export function ErrorBoundary() {
  return <RouteLoadError testId="reports-error" />;
}
