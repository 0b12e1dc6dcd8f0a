import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { formatNumber } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { LEAD_STATUSES } from "@worker/db/schema/enums";
import type { DashboardDto } from "@worker/services/crm-types";
import { LEAD_STATUS_COLORS } from "~/modules/leads/lead-card-parts";

/** 'Pipeline de Vendas': how many leads each status holds, with a bar for its share. */
export function PipelineCard({ dashboard }: { dashboard: DashboardDto }) {
  const { t, language } = useI18n();
  const total = LEAD_STATUSES.reduce((sum, status) => sum + (dashboard.leadsByStatus[status] ?? 0), 0);
  return (
    <Card size="2" className="h-full" data-testid="pipeline-card">
      <Heading as="h3" size="4">
        {t("crm.dashboard.pipeline.title")}
      </Heading>
      <Text as="p" size="2" color="gray" mb="4">
        {t("crm.dashboard.pipeline.description")}
      </Text>
      <ul className="flex flex-col gap-3">
        {LEAD_STATUSES.map((status) => {
          const count = dashboard.leadsByStatus[status] ?? 0;
          const share = total > 0 ? (count / total) * 100 : 0;
          return (
            <li key={status} data-status={status}>
              <Flex justify="between" align="center" gap="2">
                <Text size="2">{t(`crm.shared.statuses.${status}`)}</Text>
                <Text size="2" weight="bold" className="tabular-nums" data-testid="pipeline-count">
                  {formatNumber(count, language)}
                </Text>
              </Flex>
              <div aria-hidden="true" className="mt-1 h-1.5 overflow-hidden rounded-full" style={{ background: "var(--gray-a4)" }}>
                <div className="h-full rounded-full" style={{ width: `${share}%`, background: `var(--${LEAD_STATUS_COLORS[status]}-9)` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
