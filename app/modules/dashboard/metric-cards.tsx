import { CheckCircledIcon, PersonIcon, PlusCircledIcon, RocketIcon } from "@radix-ui/react-icons";
import { Card, Flex, Text, Tooltip } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { TranslationKey, TranslationParams } from "~/i18n";
import { formatMoney, formatNumber } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import type { DashboardDto, DashboardTrend } from "@worker/services/crm-types";
import { formatSums } from "~/modules/leads/money-sums";
import { trendPercent } from "./trend.ts";
import { useOrg } from "~/modules/crm/org-settings";

type TrendId = "total" | "created" | "won" | "revenue";
type Metric = {
  id: string;
  label: TranslationKey;
  hint: TranslationKey;
  hintParams?: TranslationParams;
  value: string;
  trend: TrendId;
  icon: ReactNode;
};

/**
 * The four figures, each with its trend: the last 30 days against the 30 before, computed by
 * the server (dashboard-service.ts); what was compared shows on hover and focus. A card with
 * nothing to compare with shows no trend.
 */
export function MetricCards({ dashboard }: { dashboard: DashboardDto }) {
  const { t, language } = useI18n();
  const { currency } = useOrg();
  const { trends, seller } = dashboard;
  const { profile } = useAuth();
  const metrics: Metric[] = [
    {
      id: "total",
      label: "crm.dashboard.cards.totalLeads",
      // Whose leads: the team's, the viewer's own or one seller's.
      hint: !seller
        ? "crm.dashboard.cards.totalLeadsHint"
        : seller.id === profile?.id
          ? "crm.dashboard.cards.totalLeadsHintMine"
          : "crm.dashboard.cards.totalLeadsHintSeller",
      hintParams: seller ? { name: seller.name } : undefined,
      value: formatNumber(dashboard.totalLeads, language),
      trend: "total",
      icon: <PersonIcon />,
    },
    {
      id: "new",
      label: "crm.dashboard.cards.newLeads",
      hint: "crm.dashboard.cards.newLeadsHint",
      value: formatNumber(dashboard.newLeads, language),
      trend: "created",
      icon: <PlusCircledIcon />,
    },
    {
      id: "won",
      label: "crm.dashboard.cards.converted",
      hint: "crm.dashboard.cards.convertedHint",
      value: formatNumber(dashboard.wonLeads, language),
      trend: "won",
      icon: <CheckCircledIcon />,
    },
    {
      id: "revenue",
      label: "crm.dashboard.cards.revenue",
      hint: "crm.dashboard.cards.revenueHint",
      // One sum per currency (docs/decisions/018); the trend compares the reais.
      value: formatSums(trends.revenue.now, trends.revenueOther, language, currency),
      trend: "revenue",
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
            <Trend id={metric.trend} trend={trends[metric.trend]} days={trends.days} />
            <Text as="p" size="1" color="gray">
              {t(metric.hint, metric.hintParams)}
            </Text>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function Trend({ id, trend, days }: { id: TrendId; trend: DashboardTrend; days: number }) {
  const { t, language } = useI18n();
  const percent = trendPercent(trend);
  if (percent === null) return null;
  const value = formatNumber(percent / 100, language, { style: "percent", signDisplay: "exceptZero", maximumFractionDigits: 0 });
  // The revenue trend is in reais only (crm-types.ts: a trend never adds currencies together).
  const figure = (n: number) => (id === "revenue" ? formatMoney(n, language, "BRL") : formatNumber(n, language));
  const detail = t(`crm.dashboard.cards.trendDetail.${id}`, { days, now: figure(trend.now), before: figure(trend.before) });
  return (
    <Tooltip content={detail}>
      <Text
        as="p"
        size="1"
        weight="medium"
        color={percent > 0 ? "green" : percent < 0 ? "red" : "gray"}
        mt="1"
        tabIndex={0}
        className="w-fit rounded-sm"
        data-testid="metric-trend"
      >
        <span aria-hidden="true">{value}</span>
        <span className="sr-only">{`${t("crm.dashboard.cards.trend", { value, days })}. ${detail}`}</span>
      </Text>
    </Tooltip>
  );
}
