import { formatNumber } from "~/i18n/format";
import type { Language } from "~/i18n/languages";

const UNITS = ["Bytes", "KB", "MB", "GB"] as const;
const STEP = 1024;
const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * A file size as the attachments list shows it (crm.md §9): Bytes, KB, MB or GB, rounded to
 * at most 2 decimals in the language's number style ("1,5 KB" in pt, "1.5 KB" in en).
 * A value that rounds up to 1024 of a unit is written in the next one ("1 MB", never
 * "1024 KB"); anything that is not a size (negative, NaN) reads as 0 Bytes.
 */
export function formatFileSize(bytes: number, language: Language): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (unit < UNITS.length - 1 && round2(value) >= STEP) {
    value /= STEP;
    unit += 1;
  }
  return `${formatNumber(round2(value), language, { maximumFractionDigits: 2 })} ${UNITS[unit]}`;
}
