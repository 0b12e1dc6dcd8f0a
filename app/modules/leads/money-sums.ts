import type { OtherCurrencySums } from "@worker/services/crm-types";
import type { Language } from "~/i18n";
import { formatMoney } from "~/i18n/format";

/**
 * One sum per currency, never converted (docs/decisions/018): "R$ 150.000,00 · US$ 37.500".
 * The organisation's (BRL) first; a currency with nothing is left out (R$ 0,00 when all are).
 */
export function formatSums(orgSum: number, others: OtherCurrencySums | undefined, language: Language): string {
  const rest = Object.entries(others ?? {})
    .filter(([, sum]) => Math.abs(sum ?? 0) >= 0.005)
    .map(([currency, sum]) => formatMoney(sum!, language, currency));
  return [...(orgSum || !rest.length ? [formatMoney(orgSum, language)] : []), ...rest].join(" · ");
}

/** Whether any currency has a sum above 0 (a pipeline column shows its total only then). */
export const hasSums = (orgSum: number, others: OtherCurrencySums | undefined) =>
  orgSum > 0 || Object.values(others ?? {}).some((sum) => (sum ?? 0) >= 0.005);
