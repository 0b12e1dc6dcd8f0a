import { formatMoney, formatNumber, formatPercent } from "~/i18n/format";
import type { Language } from "~/i18n";
import type { RoiResult } from "./roi-calculator.ts";

/** A result's figures as the page shows them (the amounts are US dollars in every language). */
export type FormattedRoi = {
  cost: string;
  /** One decimal at most: 17.6 → "17.6" (en) / "17,6" (pt, es); 16 → "16". */
  weeks: string;
  projectedRevenue: string;
  /** Whole percent: 6249.2063… → "6,249%" (en), "6.249%" (pt). */
  roiPercent: string;
  totalGain: string;
  monthlyIncrease: string;
  /** Whole months; null when no payback is projected (revenue 0). */
  paybackMonths: string | null;
};

export function formatRoi(result: RoiResult, language: Language): FormattedRoi {
  const usd = (value: number) => formatMoney(value, language, "USD", 0);
  return {
    cost: usd(result.cost),
    weeks: formatNumber(result.weeks, language, { maximumFractionDigits: 1 }),
    projectedRevenue: usd(result.projectedRevenue),
    roiPercent: formatPercent(result.roiPercent, language, 0),
    totalGain: usd(result.totalGain),
    monthlyIncrease: usd(result.monthlyIncrease),
    paybackMonths: result.paybackMonths === null ? null : formatNumber(result.paybackMonths, language),
  };
}
