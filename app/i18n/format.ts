import { LOCALES, type Language } from "./languages.ts";

// Dates, numbers and money always go through Intl with the interface language's locale.
// CRM figures are in reais (BRL) by default; the public site passes USD where the spec's
// claims are in dollars.

export function formatMoney(value: number, language: Language, currency = "BRL", maximumFractionDigits = 2) {
  return new Intl.NumberFormat(LOCALES[language], {
    style: "currency",
    currency,
    // Reais read "R$" in every language (es-ES would otherwise print "540.000,00 BRL").
    currencyDisplay: currency === "BRL" ? "narrowSymbol" : "symbol",
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

/** The dictionary's plural form of a count: "one" or "other" (pt/es "many" reads as "other"). */
export function pluralForm(language: Language, count: number): "one" | "other" {
  // Zero reads as a plural in all three ("0 leads", "0 ganhos"), though CLDR puts Portuguese 0 with 1.
  if (count === 0) return "other";
  return new Intl.PluralRules(LOCALES[language]).select(count) === "one" ? "one" : "other";
}

/**
 * How long to wait, for "Try again in …" messages: whole minutes (rounded up) from one
 * minute on, seconds below that, with the language's own unit words and plural
 * ("1 minuto", "15 minutos", "45 seconds"). The Retry-After header stays in seconds.
 */
export function formatWaitTime(seconds: number, language: Language): string {
  const wait = Math.max(1, Math.ceil(seconds));
  const [value, unit] = wait < 60 ? [wait, "second"] : [Math.ceil(wait / 60), "minute"];
  return new Intl.NumberFormat(LOCALES[language], { style: "unit", unit, unitDisplay: "long" }).format(value);
}

// Big figures (the site's claims, case-study metrics, budgets) in one style per language,
// always through Intl: compact where the figure is abbreviated ("500 mil" in pt and es,
// "500K" in en; "US$ 10 mi", "10 M US$", "$10M"), never a hand-written "500K" on a
// Portuguese page.

const compactFormats = new Map<string, Intl.NumberFormat>();
function compactFormat(language: Language, currency?: string) {
  const key = `${language}:${currency ?? ""}`;
  let format = compactFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALES[language], {
      notation: "compact",
      maximumFractionDigits: 1,
      ...(currency ? { style: "currency", currency, minimumFractionDigits: 0 } : {}),
    });
    compactFormats.set(key, format);
  }
  return format;
}

/** An abbreviated figure: 500000 → "500 mil" (pt, es) / "500K" (en); with a currency, money. */
export function formatCompact(value: number, language: Language, currency?: string): string {
  return compactFormat(language, currency).format(value);
}

/** An abbreviated range: "US$ 50–100 mil" (pt), "50-100 mil US$" (es), "$50–100K" (en). */
export function formatCompactRange(from: number, to: number, language: Language, currency?: string): string {
  return compactFormat(language, currency).formatRange(from, to);
}

/** A lower bound, "this many or more": "500 mil+", "500K+", "US$ 10 mi+". */
export function formatAtLeast(value: number, language: Language, currency?: string): string {
  return `${formatCompact(value, language, currency)}+`;
}

const FIGURE = /^(\+)?\s*(?:US)?(\$)?\s*(\d+(?:\.\d+)?)\s*([KMB])(\+)?$/i;
const SCALE: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };

/**
 * A figure written by hand in stored content (case-study metrics such as "500K+", "$2.4M",
 * "+1.2M") in the language's style: "500 mil+", "US$ 2,4 mi", "+1,2 mi". Anything else
 * ("+340%", "8", "4.9/5") is returned unchanged.
 */
export function localizeFigure(text: string, language: Language): string {
  const match = FIGURE.exec(text.trim());
  if (!match) return text;
  const [, increase, dollar, digits, scale, atLeast] = match;
  const value = Number(digits) * SCALE[scale!.toLowerCase()]!;
  return `${increase ?? ""}${formatCompact(value, language, dollar ? "USD" : undefined)}${atLeast ?? ""}`;
}
