// The lead form's value rules (crm.md §5), plain functions the form and the tests share.
import type { Language } from "~/i18n";

/** Decimal with "," or "." and up to 2 decimals, as the value field's pattern attribute. */
export const DECIMAL_PATTERN = "\\s*\\d+([.,]\\d{1,2})?\\s*";

/** The estimated value typed: a decimal with comma or point; empty → null. */
export function parseEstimatedValue(text: string): number | null {
  const clean = text.trim();
  if (!clean) return null;
  const value = Number(clean.replace(",", "."));
  return Number.isFinite(value) ? value : null;
}

/** A stored value as the field shows it: the language's decimal separator, no grouping. */
export function estimatedValueText(value: number | null | undefined, language: Language): string {
  if (value === null || value === undefined) return "";
  return String(value).replace(".", language === "en" ? "." : ",");
}

/** Tags as the server keeps them: trimmed, no empty ones, no duplicates (in any case). */
export function addTag(tags: readonly string[], tag: string): string[] {
  const clean = tag.trim();
  if (!clean || tags.some((existing) => existing.toLocaleLowerCase() === clean.toLocaleLowerCase())) return [...tags];
  return [...tags, clean];
}
