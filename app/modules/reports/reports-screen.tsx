import { DownloadIcon } from "@radix-ui/react-icons";
import { Button, Card, Flex, Heading, Select, Spinner, Text } from "@radix-ui/themes";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import type { Language, TranslationKey } from "~/i18n";
import { formatNumber, formatPercent, pluralForm } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { LoadErrorState } from "~/modules/dashboard/load-error-state";
import { LEAD_STATUS_COLORS } from "~/modules/leads/lead-card-parts";
import { formatSums } from "~/modules/leads/money-sums";
import type { ReportDto, ReportPeriod } from "@worker/services/crm-types";
import { REPORT_PERIODS } from "@worker/services/report-periods";
import { reportLeadsLink } from "./report-links.ts";
import { ReportChart } from "./report-chart.tsx";

export type ReportsView = {
  report: ReportDto | null;
  /** "load": the server could not read the figures; "offline": no answer came back. */
  failure: "load" | "offline" | null;
};

type Props = {
  data: ReportsView;
  period: ReportPeriod;
  /** A new period's figures are on their way. */
  loading: boolean;
  retrying: boolean;
  exporting: boolean;
  onPeriod: (period: ReportPeriod) => void;
  onRetry: () => void;
  onExport: () => void;
};

/**
 * Relatórios e Analytics (crm.md §2, issue 21): the period (in the URL) and 'Exportar CSV';
 * the four figures, the chart, the leads by status and by source, and the top sellers, each
 * figure a link to the leads behind it; 'Carregando relatórios...' while a period loads, and
 * 'Erro ao carregar dados do relatório' with 'Tentar novamente' when it could not be read.
 */
export function ReportsScreen({ data, period, loading, retrying, exporting, onPeriod, onRetry, onExport }: Props) {
  const { t, language } = useI18n();
  const selectId = useId();
  const report = data.report;
  return (
    <Flex direction="column" gap="5" className="mx-auto w-full max-w-7xl" data-testid="reports" aria-busy={loading}>
      <Flex direction={{ initial: "column", sm: "row" }} justify="between" align={{ initial: "stretch", sm: "end" }} gap="3">
        <div className="min-w-0">
          <Heading as="h2" size="7">
            {t("crm.titles.analytics")}
          </Heading>
          <Text as="p" color="gray" mt="1">
            {t("crm.reports.subtitle")}
          </Text>
        </div>
        <Flex gap="2" align="center" className="shrink-0" wrap="wrap">
          <label htmlFor={selectId} className="sr-only">
            {t("crm.reports.period.label")}
          </label>
          <Select.Root value={period} onValueChange={(next) => onPeriod(next as ReportPeriod)}>
            <Select.Trigger id={selectId} className="min-w-40 flex-1 sm:flex-none" data-testid="report-period">
              {t(`crm.reports.period.${period}`)}
            </Select.Trigger>
            <Select.Content position="popper">
              {REPORT_PERIODS.map((choice) => (
                <Select.Item key={choice} value={choice}>
                  {t(`crm.reports.period.${choice}`)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Button onClick={onExport} disabled={!report || exporting} className="flex-1 sm:flex-none" data-testid="report-export">
            {exporting ? <Spinner /> : <DownloadIcon />}
            {exporting ? t("crm.reports.exporting") : t("crm.reports.exportCsv")}
          </Button>
        </Flex>
      </Flex>

      {/* Over the figures while a period loads: nothing below moves. */}
      <div className="relative -mb-5 h-0">
        {loading && (
          <Text
            as="p"
            role="status"
            size="2"
            color="gray"
            className="absolute -top-4 left-0 flex items-center gap-2"
            data-testid="reports-loading"
          >
            <Spinner size="1" />
            {t("crm.reports.loading")}
          </Text>
        )}
      </div>

      {!report ? (
        <LoadErrorState
          message={data.failure === "offline" ? t("crm.shared.offline") : t("crm.reports.loadError")}
          retrying={retrying}
          onRetry={onRetry}
          testId="reports-error"
        />
      ) : (
        <div className={loading ? "opacity-60 transition-opacity" : undefined}>
          <ReportBody report={report} language={language} />
        </div>
      )}
    </Flex>
  );
}

function ReportBody({ report, language }: { report: ReportDto; language: Language }) {
  const { t } = useI18n();
  const link = (filters: Parameters<typeof reportLeadsLink>[1] = {}) => reportLeadsLink(report.period, filters);
  const rate = formatPercent(report.conversionRate, language, 1);
  return (
    <Flex direction="column" gap="5">
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          id="total"
          label="crm.reports.cards.total"
          value={formatNumber(report.total, language)}
          to={link()}
          hint={t("crm.reports.cards.totalHint")}
        />
        <Figure
          id="conversion"
          label="crm.reports.cards.conversion"
          value={rate}
          to={link({ status: "won" })}
          hint={t("crm.reports.cards.conversionHint", {
            won: formatNumber(report.won, language),
            total: formatNumber(report.total, language),
          })}
        >
          <div className="report-meter mt-2" aria-hidden="true">
            <div
              className="h-full rounded-full"
              style={{ width: `${Math.min(100, report.conversionRate)}%`, background: "var(--green-9)" }}
            />
          </div>
        </Figure>
        <Figure
          id="total-value"
          label="crm.reports.cards.totalValue"
          value={formatSums(report.totalValue.value, report.totalValue.other, language, report.currency)}
          to={link()}
          hint={t("crm.reports.cards.totalValueHint")}
        />
        <Figure
          id="average-value"
          label="crm.reports.cards.averageValue"
          value={formatSums(report.averageValue.value, report.averageValue.other, language, report.currency)}
          to={link()}
          hint={t("crm.reports.cards.averageValueHint")}
        />
      </ul>

      <ReportChart key={`${report.period}:${report.generatedAt}`} series={report.series} currency={report.currency} />

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <Breakdown
          title={t("crm.reports.byStatus")}
          testId="report-status"
          total={report.total}
          rows={report.byStatus.map((row) => ({
            key: row.status,
            label: t(`crm.shared.statuses.${row.status}`),
            count: row.count,
            color: `var(--${LEAD_STATUS_COLORS[row.status]}-9)`,
            to: link({ status: row.status }),
          }))}
        />
        <Breakdown
          title={t("crm.reports.bySource")}
          testId="report-source"
          total={report.total}
          rows={report.bySource.map((row) => ({
            key: row.source,
            label: t(`crm.shared.sources.${row.source}`),
            count: row.count,
            color: "var(--accent-9)",
            to: link({ source: row.source }),
          }))}
        />
        <TopSellers report={report} language={language} />
      </div>
    </Flex>
  );
}

/** One of the four cards: the figure is a link to the leads it counts. */
function Figure({
  id,
  label,
  value,
  hint,
  to,
  children,
}: {
  id: string;
  label: TranslationKey;
  value: string;
  hint: string;
  to: string;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <li className="min-w-0">
      <Card size="2" className="@container h-full" data-testid={`report-card-${id}`}>
        <Text as="p" size="2" weight="medium" color="gray">
          {t(label)}
        </Text>
        <Link to={to} className="report-figure mt-1 block max-w-full rounded-sm">
          {/* The figure shrinks with its card (four share 1280 px with the sidebar) down to
              1rem; a sum of several currencies beyond that wraps rather than being cut. */}
          <Text
            as="span"
            size="6"
            weight="bold"
            className="block tabular-nums [overflow-wrap:anywhere]"
            style={{ fontSize: "clamp(1rem, 8.5cqi, 1.5rem)" }}
            data-testid="report-card-value"
          >
            {value}
          </Text>
          <span className="sr-only"> {t("crm.reports.showLeads", { label: t(label) })}</span>
        </Link>
        {children}
        <Text as="p" size="1" color="gray" mt="1">
          {hint}
        </Text>
      </Card>
    </li>
  );
}

type BreakdownRow = { key: string; label: string; count: number; color: string; to: string };

/** Count, share and a bar per row, zeros included; each row links to its leads. */
function Breakdown({ title, rows, total, testId }: { title: string; rows: BreakdownRow[]; total: number; testId: string }) {
  const { t, language } = useI18n();
  return (
    <Card size="2" className="h-full" data-testid={testId}>
      <Heading as="h3" size="4" mb="3">
        {title}
      </Heading>
      <ul className="flex flex-col gap-3">
        {rows.map((row) => {
          const share = total > 0 ? (row.count / total) * 100 : 0;
          const figures = t("crm.reports.share", { count: formatNumber(row.count, language), percent: formatPercent(share, language, 1) });
          return (
            <li key={row.key} data-key={row.key}>
              <Link to={row.to} className="report-row block rounded-sm">
                <Flex justify="between" align="center" gap="2">
                  <Text size="2">{row.label}</Text>
                  <Text size="2" weight="bold" className="tabular-nums" data-testid="report-row-figures">
                    {figures}
                  </Text>
                </Flex>
                <div className="report-meter mt-1" aria-hidden="true">
                  <div className="h-full rounded-full" style={{ width: `${share}%`, background: row.color }} />
                </div>
                <span className="sr-only"> {t("crm.reports.showLeads", { label: row.label })}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

function TopSellers({ report, language }: { report: ReportDto; language: Language }) {
  const { t } = useI18n();
  const leads = (count: number) =>
    t(`crm.reports.topSellers.leads.${pluralForm(language, count)}`, { count: formatNumber(count, language) });
  return (
    <Card size="2" className="h-full" data-testid="report-sellers">
      <Heading as="h3" size="4" mb="3">
        {t("crm.reports.topSellers.title")}
      </Heading>
      {report.topSellers.length === 0 ? (
        <Text as="p" size="2" color="gray" data-testid="report-sellers-empty">
          {t("crm.reports.topSellers.empty")}
        </Text>
      ) : (
        <ol className="flex flex-col gap-2">
          {report.topSellers.map((seller, index) => (
            <li key={seller.id} data-testid="report-seller">
              <Link to={reportLeadsLink(report.period, { owner: seller.id })} className="report-row flex items-center gap-3 rounded-sm p-1">
                <span
                  aria-hidden="true"
                  className="flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-bold"
                  style={{ background: "var(--accent-a4)", color: "var(--accent-11)" }}
                >
                  {index + 1}
                </span>
                {/* The name gets the row's width; the count and the value go under it. */}
                <span className="min-w-0 flex-1">
                  <Text as="p" size="2" weight="medium" className="truncate">
                    {seller.name}
                  </Text>
                  <Text as="p" size="1" color="gray" className="tabular-nums [overflow-wrap:anywhere]">
                    {leads(seller.count)} ·{" "}
                    <Text weight="bold" highContrast>
                      {formatSums(seller.total.value, seller.total.other, language, report.currency)}
                    </Text>
                  </Text>
                </span>
                <span className="sr-only"> {t("crm.reports.showLeads", { label: seller.name })}</span>
              </Link>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
