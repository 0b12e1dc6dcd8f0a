import { CheckCircledIcon, PersonIcon, PlusCircledIcon, RocketIcon } from "@radix-ui/react-icons";
import { Card, Flex, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { TranslationKey } from "~/i18n";
import { formatMoney, formatNumber } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import type { DashboardDto } from "@worker/services/crm-types";

type Metric = { id: string; label: TranslationKey; hint: TranslationKey; value: string; trend: string; icon: ReactNode };

/** The four figures with the spec's fixed trends (+12%, +8%, +23%, +18%). */
export function MetricCards({ dashboard }: { dashboard: DashboardDto }) {
  const { t, language } = useI18n();
  const metrics: Metric[] = [
    {
      id: "total",
      label: "crm.dashboard.cards.totalLeads",
      hint: "crm.dashboard.cards.totalLeadsHint",
      value: formatNumber(dashboard.totalLeads, language),
      trend: "+12%",
      icon: <PersonIcon />,
    },
    {
      id: "new",
      label: "crm.dashboard.cards.newLeads",
      hint: "crm.dashboard.cards.newLeadsHint",
      value: formatNumber(dashboard.newLeads, language),
      trend: "+8%",
      icon: <PlusCircledIcon />,
    },
    {
      id: "won",
      label: "crm.dashboard.cards.converted",
      hint: "crm.dashboard.cards.convertedHint",
      value: formatNumber(dashboard.wonLeads, language),
      trend: "+23%",
      icon: <CheckCircledIcon />,
    },
    {
      id: "revenue",
      label: "crm.dashboard.cards.revenue",
      hint: "crm.dashboard.cards.revenueHint",
      value: formatMoney(dashboard.totalRevenue, language),
      trend: "+18%",
      icon: <RocketIcon />,
    },
  ];
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {metrics.map((metric) => (
        <li key={metric.id} className="min-w-0">
          <Card size="2" className="h-full" data-testid={`metric-${metric.id}`}>
            <Flex justify="between" align="start" gap="2">
              <Text as="p" size="2" weight="medium" color="gray">
                {t(metric.label)}
              </Text>
              <span
                aria-hidden="true"
                className="flex size-8 shrink-0 items-center justify-center rounded-full"
                style={{ background: "var(--accent-a3)", color: "var(--accent-11)" }}
              >
                {metric.icon}
              </span>
            </Flex>
            <Text as="p" size="6" weight="bold" mt="1" className="break-words tabular-nums" data-testid="metric-value">
              {metric.value}
            </Text>
            <Text as="p" size="1" weight="medium" color="green" mt="1">
              <span aria-hidden="true">{metric.trend}</span>
              <span className="sr-only">{t("crm.dashboard.cards.trend", { value: metric.trend })}</span>
            </Text>
            <Text as="p" size="1" color="gray">
              {t(metric.hint)}
            </Text>
          </Card>
        </li>
      ))}
    </ul>
  );
}
