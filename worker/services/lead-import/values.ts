// The cells of an import as lead values (issue 23): a value in Brazilian or English format,
// a status or source by its key or its label in pt, es or en, a currency by code or symbol,
// tags split on , or ;, a creation date as ISO or dd/mm/yyyy. Each returns the value, or null
// for an empty cell, or `undefined` when the text is not one it knows (the row's error).
import {
  LEAD_CURRENCIES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  type LeadCurrency,
  type LeadSource,
  type LeadStatus,
} from "../../db/schema/index.ts";
import { dictionaries } from "~/i18n/dictionaries.server";
import { headerKey } from "../lead-import-columns.ts";

/**
 * A cell as stored: a leading apostrophe the CRM's own export put before = + - @ (formula
 * safety, app/lib/csv.ts) is taken off again, so an export re-imports as it was. A cell
 * starting with = + - @ is kept as plain text (nothing is ever evaluated).
 */
export function cleanCell(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

// eslint-disable-next-line no-control-regex
const CONTROLS_SINGLE = /[\u0000-\u001f\u007f]+/g;
// eslint-disable-next-line no-control-regex
const CONTROLS_MULTI = /[\u0000-\u0008\u000b-\u001f\u007f]+/g;

/** Control characters stripped: one line (runs of them become a space) or many (tab and LF kept). */
export const singleLine = (text: string) => text.replace(CONTROLS_SINGLE, " ").replace(/ {2,}/g, " ").trim();
export const multiLine = (text: string) => text.replace(CONTROLS_MULTI, "").trim();

/** Comparable form of a label: lower case, no accents, punctuation folded. */
const labelKey = headerKey;

function labelMap<K extends string>(keys: readonly K[], labels: (language: "pt" | "es" | "en") => Record<K, string>): Map<string, K> {
  const map = new Map<string, K>();
  for (const key of keys) map.set(labelKey(key), key);
  for (const language of ["pt", "es", "en"] as const) {
    const dictionary = labels(language);
    for (const key of keys) map.set(labelKey(dictionary[key]), key);
  }
  return map;
}

const STATUS_BY_LABEL = labelMap(LEAD_STATUSES, (language) => dictionaries[language].crm.shared.statuses);
const SOURCE_BY_LABEL = labelMap(LEAD_SOURCES, (language) => dictionaries[language].crm.shared.sources);
// Words other CRMs and spreadsheets use for the same statuses and sources.
for (const [word, status] of [
  ["lead", "new"],
  ["novo lead", "new"],
  ["em negociacao", "negotiating"],
  ["negociacao", "negotiating"],
  ["negotiation", "negotiating"],
  ["closed won", "won"],
  ["closed lost", "lost"],
  ["ganho", "won"],
  ["perdido", "lost"],
  // HubSpot's lead statuses and lifecycle stages.
  ["attempted to contact", "contacted"],
  ["connected", "contacted"],
  ["in progress", "contacted"],
  ["open deal", "negotiating"],
  ["unqualified", "lost"],
  ["subscriber", "new"],
  ["marketing qualified lead", "qualified"],
  ["sales qualified lead", "qualified"],
  ["opportunity", "negotiating"],
  ["customer", "won"],
] as const)
  STATUS_BY_LABEL.set(labelKey(word), status);
for (const [word, source] of [
  ["site", "website"],
  ["web", "website"],
  ["indicacao", "referral"],
  ["referencia", "referral"],
  ["social", "social_media"],
  ["redes sociais", "social_media"],
  ["ads", "advertising"],
  ["anuncio", "advertising"],
  ["paid search", "advertising"],
  ["paid social", "advertising"],
  ["organic social", "social_media"],
  ["outro", "other"],
  ["outros", "other"],
  ["offline sources", "other"],
  // HubSpot's original sources.
  ["organic search", "website"],
  ["direct traffic", "website"],
  ["referrals", "referral"],
  ["email marketing", "other"],
  ["other campaigns", "other"],
] as const)
  SOURCE_BY_LABEL.set(labelKey(word), source);

/** The user's own mapping of raw values (the `values` part of the upload), by raw value's key. */
export type ValueMap = { status: Map<string, LeadStatus>; source: Map<string, LeadSource> };

export function toValueMap(raw: { status?: Record<string, string>; source?: Record<string, string> } | undefined): ValueMap {
  const status = new Map<string, LeadStatus>();
  const source = new Map<string, LeadSource>();
  for (const [from, to] of Object.entries(raw?.status ?? {}))
    if ((LEAD_STATUSES as readonly string[]).includes(to)) status.set(labelKey(from), to as LeadStatus);
  for (const [from, to] of Object.entries(raw?.source ?? {}))
    if ((LEAD_SOURCES as readonly string[]).includes(to)) source.set(labelKey(from), to as LeadSource);
  return { status, source };
}

export function parseStatus(text: string, values: ValueMap): LeadStatus | null | undefined {
  if (text === "") return null;
  const key = labelKey(text);
  return values.status.get(key) ?? STATUS_BY_LABEL.get(key);
}

export function parseSource(text: string, values: ValueMap): LeadSource | null | undefined {
  if (text === "") return null;
  const key = labelKey(text);
  return values.source.get(key) ?? SOURCE_BY_LABEL.get(key);
}

const CURRENCY_BY_TEXT = new Map<string, LeadCurrency>([
  ...LEAD_CURRENCIES.map((code) => [code.toLowerCase(), code] as const),
  ["r$", "BRL"],
  ["real", "BRL"],
  ["reais", "BRL"],
  ["us$", "USD"],
  ["$", "USD"],
  ["dolar", "USD"],
  ["dollar", "USD"],
  ["€", "EUR"],
  ["euro", "EUR"],
]);

export function parseCurrency(text: string): LeadCurrency | null | undefined {
  if (text === "") return null;
  const key = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .trim();
  return CURRENCY_BY_TEXT.get(key);
}

/**
 * A money amount ≥ 0: "12.345,67" (pt-BR), "12,345.67" (en), "12345.67", "1234,5", with or
 * without a currency symbol or code and spaces. With both separators the last one is the
 * decimal one; with one kind only, groups of three digits after it are thousands ("1.000",
 * "1,234,567": money is not written with three decimals) and otherwise it is the decimal
 * separator ("1234,5", "12345.67"). Returns the number, null for an empty cell, undefined
 * when it is not an amount or is negative.
 */
export function parseMoney(text: string): number | null | undefined {
  const compact = text
    .replace(/\s|\u00a0|\u202f/g, "")
    .replace(/^(r\$|us\$|\$|€|brl|usd|eur)/i, "")
    .replace(/(r\$|us\$|\$|€|brl|usd|eur)$/i, "");
  if (compact === "") return text.trim() === "" ? null : undefined;
  if (!/^\d[\d.,]*$/.test(compact) || /[.,]$/.test(compact)) return undefined;
  const lastDot = compact.lastIndexOf(".");
  const lastComma = compact.lastIndexOf(",");
  let normal: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? "." : ",";
    const thousands = decimal === "." ? "," : ".";
    const [whole, fraction = ""] = [compact.slice(0, Math.max(lastDot, lastComma)), compact.slice(Math.max(lastDot, lastComma) + 1)];
    if (whole.includes(decimal) || !new RegExp(`^\\d{1,3}(\\${thousands}\\d{3})*$`).test(whole)) return undefined;
    normal = `${whole.replaceAll(thousands, "")}.${fraction}`;
  } else if (lastDot >= 0 || lastComma >= 0) {
    const sep = lastDot >= 0 ? "." : ",";
    const groups = compact.split(sep);
    if (groups.length > 2 || (groups[1]!.length === 3 && /^\d{1,3}$/.test(groups[0]!))) {
      if (!/^\d{1,3}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return undefined;
      normal = groups.join("");
    } else normal = groups.join(".");
  } else normal = compact;
  const value = Number(normal);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

/** Tags of one or more cells: split on , or ;, trimmed, empty and repeated (case-insensitively) dropped. */
export function splitTags(cells: string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const cell of cells)
    for (const part of cell.split(/[,;]/)) {
      const tag = singleLine(part);
      if (tag && !seen.has(tag.toLowerCase())) {
        seen.add(tag.toLowerCase());
        tags.push(tag);
      }
    }
  return tags;
}

const validDate = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d && y >= 1900;
};
const pad = (n: number, size = 2) => String(n).padStart(size, "0");

/**
 * A creation date: ISO (2024-05-13, 2024-05-13T10:22:33Z, 2024-05-13 10:22:33) or
 * dd/mm/yyyy (with an optional hh:mm[:ss]). A day without a time is noon UTC (the same
 * calendar day in São Paulo, New York and London); a time without a zone is UTC. Not in the
 * future (a day of slack). Returns the ISO instant, null for empty, undefined when invalid.
 */
export function parseCreatedAt(text: string, now = Date.now()): string | null | undefined {
  const value = text.trim();
  if (value === "") return null;
  let iso: string | undefined;
  const br = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(value);
  const ymd = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?\d*)?(Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (br) {
    const [d, m, y] = [Number(br[1]), Number(br[2]), Number(br[3])];
    if (!validDate(y, m, d)) return undefined;
    iso = br[4]
      ? `${y}-${pad(m)}-${pad(d)}T${pad(Number(br[4]))}:${br[5]}:${br[6] ?? "00"}.000Z`
      : `${y}-${pad(m)}-${pad(d)}T12:00:00.000Z`;
  } else if (ymd) {
    const [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
    if (!validDate(y, m, d)) return undefined;
    iso = ymd[4]
      ? `${ymd[1]}-${ymd[2]}-${ymd[3]}T${ymd[4]}:${ymd[5]}:${ymd[6] ?? "00"}${ymd[7] ?? ""}${ymd[8] ?? "Z"}`
      : `${ymd[1]}-${ymd[2]}-${ymd[3]}T12:00:00.000Z`;
  } else return undefined;
  const time = Date.parse(iso);
  if (!Number.isFinite(time) || time > now + 86_400_000) return undefined;
  return new Date(time).toISOString();
}
