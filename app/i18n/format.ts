import { LOCALES, type Language } from "./languages.ts";

// Dates, numbers and money always go through Intl with the interface language's locale.
// CRM figures are in reais (BRL) by default; the public site passes USD where the spec's
// claims are in dollars.

type DateInput = Date | string | number;

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

export function formatMoney(value: number, language: Language, currency = "BRL", maximumFractionDigits = 2) {
  return new Intl.NumberFormat(LOCALES[language], {
    style: "currency",
    currency,
    maximumFractionDigits,
    minimumFractionDigits: Math.min(maximumFractionDigits, currency === "BRL" ? 2 : 0),
  }).format(value);
}

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions) {
  return new Intl.NumberFormat(LOCALES[language], options).format(value);
}

export function formatPercent(value: number, language: Language, fractionDigits = 1) {
  return new Intl.NumberFormat(LOCALES[language], {
    style: "percent",
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value / 100);
}

/** dd/mm/yyyy in pt, the locale's short date elsewhere. */
export function formatDate(value: DateInput, language: Language, timeZone = "America/Sao_Paulo") {
  return new Intl.DateTimeFormat(LOCALES[language], {
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    timeZone,
  }).format(toDate(value));
}

export function formatDateTime(value: DateInput, language: Language, timeZone = "America/Sao_Paulo") {
  return new Intl.DateTimeFormat(LOCALES[language], {
    dateStyle: "short",
    timeStyle: "short",
    timeZone,
  }).format(toDate(value));
}

/** HH:mm (24 h), as the chat shows message times. */
export function formatTime(value: DateInput, language: Language, timeZone = "America/Sao_Paulo") {
  return new Intl.DateTimeFormat(LOCALES[language], {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone,
  }).format(toDate(value));
}

/** Bytes/KB/MB/GB with up to 2 decimals. */
export function formatFileSize(bytes: number, language: Language) {
  const units = ["Bytes", "KB", "MB", "GB"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(Math.round(value * 100) / 100, language, { maximumFractionDigits: 2 })} ${units[unit]}`;
}

/** The dictionary's plural form of a count: "one" or "other" (pt/es "many" reads as "other"). */
export function pluralForm(language: Language, count: number): "one" | "other" {
  return new Intl.PluralRules(LOCALES[language]).select(count) === "one" ? "one" : "other";
}
