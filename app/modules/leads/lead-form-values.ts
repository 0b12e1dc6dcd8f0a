// The lead form's value rules (crm.md §5), plain functions the form and the tests share.
import type { Language } from "~/i18n";
import { formatNumber } from "~/i18n/format";

// The value field takes what the app shows (crm.md §5: a decimal, up to 2 places), read in
// the reader's language: "82.500,50", "82500,50" and "R$ 82.500,50" in pt and es;
// "82,500.50" and "$82,500.50" in en. Digit groups must be whole (3 digits). The other
// separator is also taken as the decimal one when it is the only one and ends in 1 or 2 digits
// ("82500.5" in pt, "82500,5" in en), as people type it; "82.500" stays eighty-two thousand
// five hundred in pt, as "82,500" does in en.

type Separators = { group: "." | ","; decimal: "," | "." };
const separatorsOf = (language: Language): Separators => (language === "en" ? { group: ",", decimal: "." } : { group: ".", decimal: "," });

const CURRENCY = "(?:R\\$|US\\$|\\$)?";
const escape = (separator: string) => (separator === "." ? "\\." : separator);

/** The value field's pattern attribute in the language (native validation, the same rules as parseEstimatedValue). */
export function decimalPattern(language: Language): string {
  const { group, decimal } = separatorsOf(language);
  const grouped = `\\d{1,3}(?:${escape(group)}\\d{3})+`;
  const number = `(?:${grouped}|\\d+)(?:${escape(decimal)}\\d{1,2})?|\\d+${escape(group)}\\d{1,2}`;
  return `\\s*${CURRENCY}\\s*(?:${number})\\s*`;
}

const patterns = new Map<Language, RegExp>();

/**
 * The estimated value typed, read in the reader's language (see above); empty → null, and
 * null when the text is not a value (the field's pattern has already said so).
 */
export function parseEstimatedValue(text: string, language: Language): number | null {
  const clean = text.replace(/[\s\u00a0]+/g, " ").trim();
  if (!clean) return null;
  let pattern = patterns.get(language);
  if (!pattern) patterns.set(language, (pattern = new RegExp(`^(?:${decimalPattern(language)})$`)));
  if (!pattern.test(clean)) return null;
  const { group, decimal } = separatorsOf(language);
  const digits = clean.replace(/^(?:R\$|US\$|\$)?\s*/, "");
  // One group separator followed by 1 or 2 digits and nothing else: it was meant as the decimal.
  const groupAsDecimal = new RegExp(`^\\d+${escape(group)}\\d{1,2}$`).test(digits);
  const normal = groupAsDecimal ? digits.replace(group, ".") : digits.replaceAll(group, "").replace(decimal, ".");
  const value = Number(normal);
  return Number.isFinite(value) ? value : null;
}

/** A stored value as the field shows it: the language's grouping and decimals ("82.500,50" in pt). */
export function estimatedValueText(value: number | null | undefined, language: Language): string {
  if (value === null || value === undefined) return "";
  return formatNumber(value, language, { minimumFractionDigits: Number.isInteger(value) ? 0 : 2, maximumFractionDigits: 2 });
}

/** Tags as the server keeps them: trimmed, no empty ones, no duplicates (in any case). */
export function addTag(tags: readonly string[], tag: string): string[] {
  const clean = tag.trim();
  if (!clean || tags.some((existing) => existing.toLocaleLowerCase() === clean.toLocaleLowerCase())) return [...tags];
  return [...tags, clean];
}
