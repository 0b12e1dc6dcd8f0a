import { ReloadIcon } from "@radix-ui/react-icons";
import { Button, Flex, Heading, Text } from "@radix-ui/themes";
import { Suspense, useRef, useState } from "react";
import { formatTime } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import type { AssignableUserDto, DashboardDto } from "@worker/services/crm-types";
import { DashboardScopeBar } from "./dashboard-scope-bar.tsx";
import { LoadErrorState } from "./load-error-state.tsx";
import { MetricCards } from "./metric-cards.tsx";
import { NewActionMenu } from "./new-action-menu.tsx";
import { PipelineCard } from "./pipeline-card.tsx";
import { QuickActionsCard } from "./quick-actions-card.tsx";
import { RecentLeadsCard } from "./recent-leads-card.tsx";
import { lazyChunk } from "~/components/lazy-chunk";
import { useOrg } from "~/modules/crm/org-settings";

export type DashboardView = {
  dashboard: DashboardDto | null;
  /** "load": the server could not read the figures; "offline": no answer came back. */
  failure: "load" | "offline" | null;
};

type Props = {
  data: DashboardView;
  /** Managers and admins: the active users whose figures they may pick (empty for a sales_rep). */
  sellers: readonly AssignableUserDto[];
  refreshing: boolean;
  onRefresh: () => void;
  /** A lead changed on another screen: read the figures again, quietly. */
  onLiveChange?: () => void;
};

// The dialogs load when first opened.
const TaskFormDialog = lazyChunk(() => import("~/modules/tasks/task-form-dialog").then((m) => ({ default: m.TaskFormDialog })));
const NewLeadDialog = lazyChunk(() => import("./new-lead-dialog.tsx").then((m) => ({ default: m.NewLeadDialog })));
// Lead changes from other screens: its code loads after the page.
const LiveDashboard = lazyChunk(() => import("./live-dashboard.tsx"));

/**
 * The dashboard (crm.md §2): title and welcome, 'Atualizar dados' and 'Nova ação', whose
 * figures they are (the team's or one seller's, issue 20) with the choice, the four figures,
 * the pipeline by status, the 5 newest leads and the quick links; or, when the figures could
 * not be read, the message and 'Tentar novamente'.
 */
export function DashboardScreen({ data, sellers, refreshing, onRefresh, onLiveChange }: Props) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  const { profile } = useAuth();
  const name = profile?.name?.trim() || t("crm.user.fallbackName");
  const dashboard = data.dashboard;
  const [dialog, setDialog] = useState<"lead" | "task" | null>(null);
  const actionButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const open = (which: "lead" | "task", from: HTMLElement | null) => {
    opener.current = from;
    setDialog(which);
  };
  const close = (isOpen: boolean) => !isOpen && setDialog(null);

  return (
    <Flex direction="column" gap="5" className="mx-auto w-full max-w-7xl" data-testid="dashboard">
      <Flex direction={{ initial: "column", sm: "row" }} justify="between" align={{ initial: "stretch", sm: "end" }} gap="3">
        <div className="min-w-0">
          <Heading as="h2" size="7">
            {t("crm.dashboard.title")}
          </Heading>
          <Text as="p" color="gray" mt="1">
            {t("crm.dashboard.welcome", { name })}
          </Text>
        </div>
        <Flex gap="2" wrap="wrap" align="center" className="shrink-0">
          {onLiveChange && (
            <Suspense fallback={null}>
              <LiveDashboard onChange={onLiveChange} seller={dashboard?.seller?.id ?? null} />
            </Suspense>
          )}
          <Button variant="outline" onClick={onRefresh} loading={refreshing} data-testid="dashboard-refresh">
            <ReloadIcon />
            {refreshing ? t("crm.dashboard.refreshing") : t("crm.dashboard.refresh")}
          </Button>
          <NewActionMenu
            ref={actionButton}
            onNewLead={() => open("lead", actionButton.current)}
            onNewTask={() => open("task", actionButton.current)}
          />
        </Flex>
      </Flex>

      {/* Read out when a refresh starts and ends. */}
      <Text as="p" size="1" color="gray" role="status" className="-mt-3" data-testid="dashboard-status">
        {refreshing
          ? t("crm.dashboard.loading")
          : dashboard
            ? t("crm.dashboard.updatedAt", { time: formatTime(dashboard.generatedAt, language, timeZone) })
            : ""}
      </Text>

      {dashboard ? (
        <>
          <DashboardScopeBar seller={dashboard.seller} sellers={sellers} />
          <MetricCards dashboard={dashboard} />
          <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
            <PipelineCard dashboard={dashboard} />
            <div className="min-w-0 lg:col-span-2">
              <RecentLeadsCard
                leads={dashboard.recentLeads}
                viewAll={!dashboard.seller ? "/leads" : `/leads?owner=${dashboard.seller.id === profile?.id ? "me" : dashboard.seller.id}`}
                onAddLead={(from) => open("lead", from)}
              />
            </div>
          </div>
          <QuickActionsCard />
        </>
      ) : (
        <DashboardError
          message={data.failure === "offline" ? t("crm.shared.offline") : t("crm.dashboard.loadError")}
          retrying={refreshing}
          onRetry={onRefresh}
        />
      )}

      {dialog ? (
        <Suspense fallback={null}>
          {dialog === "task" ? (
            <TaskFormDialog open onOpenChange={close} returnFocusTo={opener} onSaved={() => undefined} />
          ) : (
            // A new lead changes the figures: fetch them again.
            <NewLeadDialog onOpenChange={close} returnFocusTo={opener} onSaved={onRefresh} />
          )}
        </Suspense>
      ) : null}
    </Flex>
  );
}

/** The error state: the message and 'Tentar novamente' (a forced fetch). */
export function DashboardError(props: { message: string; retrying: boolean; onRetry: () => void }) {
  return <LoadErrorState {...props} testId="dashboard-error" />;
}
