import type { OtherCurrencySums } from "@worker/services/crm-types";
import type { Language } from "~/i18n";
import { formatMoney } from "~/i18n/format";

/**
 * One sum per currency, never converted (docs/decisions/018): "R$ 150.000,00 · US$ 37.500".
 * `brlSum` is the reais (value_sum), `others` the rest; the organisation's currency (Settings →
 * Sistema, BRL by default) comes first, a currency with nothing is left out (the
 * organisation's at 0 when all are).
 */
export function formatSums(brlSum: number, others: OtherCurrencySums | undefined, language: Language, currency: string = "BRL"): string {
  const sums = new Map<string, number>([["BRL", brlSum], ...Object.entries(others ?? {}).map(([code, sum]) => [code, sum ?? 0] as const)]);
  const order = [currency, ...[...sums.keys()].filter((code) => code !== currency)];
  const shown = order.filter((code) => Math.abs(sums.get(code) ?? 0) >= 0.005);
  return (shown.length ? shown : [currency]).map((code) => formatMoney(sums.get(code) ?? 0, language, code)).join(" · ");
}

/** Whether any currency has a sum above 0 (a pipeline column shows its total only then). */
export const hasSums = (orgSum: number, others: OtherCurrencySums | undefined) =>
  orgSum > 0 || Object.values(others ?? {}).some((sum) => (sum ?? 0) >= 0.005);
