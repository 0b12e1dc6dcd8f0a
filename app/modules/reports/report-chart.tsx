import { Button, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import type { Language } from "~/i18n";
import { cachedIntl } from "~/i18n/intl-cache";
import { LOCALES } from "~/i18n/languages";
import { formatMoney, formatNumber, pluralForm } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import type { ReportDto, ReportPoint } from "@worker/services/crm-types";
import { CURRENCY_SYMBOLS } from "~/modules/crm/currency-symbols";

type Unit = ReportDto["series"]["unit"];

/** A bucket's name: "26 nov." for a day, "Semana de 23 nov." for a week, "nov. 2026" for a month. */
function bucketLabel(point: ReportPoint, unit: Unit, language: Language, t: ReturnType<typeof useI18n>["t"]): string {
  // The buckets are local calendar dates (YYYY-MM-DD): formatted as such, in UTC.
  const date = new Date(`${point.start}T12:00:00Z`);
  const dayMonth = cachedIntl(
    `report-day:${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { day: "numeric", month: "short", timeZone: "UTC" }),
  );
  if (unit === "day") return dayMonth.format(date);
  if (unit === "week") return t("crm.reports.chart.weekOf", { date: dayMonth.format(date) });
  return cachedIntl(
    `report-month:${language}`,
    () => new Intl.DateTimeFormat(LOCALES[language], { month: "short", year: "numeric", timeZone: "UTC" }),
  ).format(date);
}

/**
 * Leads created per day, week or month, with the value won beside each (crm.md §2 reports,
 * issue 21). Bars in HTML (they stretch with the card, the text never does): leads created
 * solid, value won hatched, so the two read apart without colour; each bucket is one stop of
 * a keyboard-navigable list (arrow keys, Home, End) whose figures show in the line below and
 * in its accessible name. 'Ver como tabela' shows every figure as a table.
 */
export function ReportChart({ series, currency }: { series: ReportDto["series"]; currency: ReportDto["currency"] }) {
  const { t, language } = useI18n();
  const [active, setActive] = useState(series.points.length - 1);
  const [asTable, setAsTable] = useState(false);
  const stops = useRef<(HTMLLIElement | null)[]>([]);
  const headingId = useId();
  const points = series.points;
  const current = points[Math.min(active, points.length - 1)];
  const maxCount = Math.max(1, ...points.map((p) => p.count));
  const maxValue = Math.max(1, ...points.map((p) => p.wonValue));
  const label = (point: ReportPoint) => bucketLabel(point, series.unit, language, t);
  const describe = (point: ReportPoint) =>
    t("crm.reports.chart.point", {
      label: label(point),
      leads: t(`crm.reports.chart.pointLeads.${pluralForm(language, point.count)}`, { count: formatNumber(point.count, language) }),
      won: t(`crm.reports.chart.pointWon.${pluralForm(language, point.won)}`, { count: formatNumber(point.won, language) }),
      value: formatMoney(point.wonValue, language, currency),
    });
  const empty = points.every((point) => point.count === 0);

  const move = (event: KeyboardEvent, index: number) => {
    const next =
      event.key === "ArrowRight" || event.key === "ArrowDown"
        ? Math.min(points.length - 1, index + 1)
        : event.key === "ArrowLeft" || event.key === "ArrowUp"
          ? Math.max(0, index - 1)
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? points.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    setActive(next);
    stops.current[next]?.focus();
  };

  // Ticks under the bars: the first, middle and last buckets.
  const ticks = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);

  return (
    <Card size="2" data-testid="report-chart">
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div>
          <Heading as="h3" size="4" id={headingId}>
            {t("crm.reports.chart.title")}
          </Heading>
          <Text as="p" size="2" color="gray">
            {t(`crm.reports.chart.${series.unit}`)}
          </Text>
        </div>
        <Button
          variant="soft"
          color="gray"
          highContrast
          size="1"
          onClick={() => setAsTable(!asTable)}
          aria-pressed={asTable}
          data-testid="report-chart-table-toggle"
        >
          {asTable ? t("crm.reports.chart.hideTable") : t("crm.reports.chart.showTable")}
        </Button>
      </Flex>
      <Flex gap="4" mt="3" wrap="wrap" aria-hidden="true" className={asTable ? "hidden" : undefined}>
        <Flex align="center" gap="2">
          <span className="report-swatch report-bar-count" />
          <Text size="1">{t("crm.reports.chart.leads")}</Text>
        </Flex>
        <Flex align="center" gap="2">
          <span className="report-swatch report-bar-value" />
          <Text size="1">{t("crm.reports.chart.wonValue", { currency: CURRENCY_SYMBOLS[currency] })}</Text>
        </Flex>
      </Flex>
      {asTable ? (
        <div className="mt-3 max-h-80 overflow-auto">
          <table className="report-table w-full text-xs sm:text-sm" data-testid="report-chart-table" aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{t("crm.reports.chart.period")}</th>
                <th scope="col">{t("crm.reports.chart.leads")}</th>
                <th scope="col">{t("crm.reports.chart.wonColumn")}</th>
                <th scope="col">{t("crm.reports.chart.wonValueColumn")}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.start}>
                  <th scope="row">{label(point)}</th>
                  <td>{formatNumber(point.count, language)}</td>
                  <td>{formatNumber(point.won, language)}</td>
                  <td>{formatMoney(point.wonValue, language, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <>
          <div className="relative mt-3">
            <Text as="p" size="1" color="gray" className="tabular-nums" aria-hidden="true">
              {formatNumber(maxCount, language)}
            </Text>
            <ol
              aria-labelledby={headingId}
              className="report-bars mt-2 flex h-44 items-end gap-px border-b sm:gap-1"
              style={{ borderColor: "var(--gray-a6)" }}
              data-testid="report-chart-bars"
            >
              {points.map((point, index) => (
                <li
                  key={point.start}
                  ref={(node) => {
                    stops.current[index] = node;
                  }}
                  tabIndex={index === active ? 0 : -1}
                  aria-label={describe(point)}
                  aria-current={index === active ? "true" : undefined}
                  onFocus={() => setActive(index)}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => setActive(index)}
                  onKeyDown={(event) => move(event, index)}
                  className="report-bar-stop flex h-full min-w-0 flex-1 items-end justify-center gap-px rounded-sm outline-offset-2"
                  data-testid="report-chart-point"
                >
                  <span className="report-bar-count w-1/2 max-w-4 rounded-t-sm" style={{ height: `${(point.count / maxCount) * 100}%` }} />
                  <span
                    className="report-bar-value w-1/2 max-w-4 rounded-t-sm"
                    style={{ height: `${(point.wonValue / maxValue) * 100}%` }}
                  />
                </li>
              ))}
            </ol>
            <div className="relative mt-1 h-4" aria-hidden="true">
              {[...ticks].map((index) => (
                <Text
                  key={index}
                  size="1"
                  color="gray"
                  className="absolute whitespace-nowrap"
                  style={
                    index === 0
                      ? { left: 0 }
                      : index === points.length - 1
                        ? { right: 0 }
                        : { left: `${((index + 0.5) / points.length) * 100}%`, transform: "translateX(-50%)" }
                  }
                >
                  {label(points[index]!)}
                </Text>
              ))}
            </div>
          </div>
          <Text as="p" size="2" mt="3" aria-hidden="true" data-testid="report-chart-readout">
            {empty ? t("crm.reports.chart.empty") : current ? describe(current) : ""}
          </Text>
        </>
      )}
    </Card>
  );
}
