// The cells of an import as lead values (issue 23): a value in Brazilian or English format,
// a status or source by its key or its label in pt, es or en, a currency by code or symbol,
// tags split on , or ;, a creation date as ISO or numeric (day or month first, per file).
// Each returns the value, or null for an empty cell, or `undefined` when the text is not one
// it knows (the row's error).
import {
  LEAD_CURRENCIES,
  LEAD_SOURCES,
  LEAD_STATUSES,
  type LeadCurrency,
  type LeadSource,
  type LeadStatus,
} from "../../db/schema/index.ts";
import { dictionaries } from "~/i18n/dictionaries.server";
import { localInstant, ORG_TIME_ZONE, type OrgTimeZone } from "../../lib/org-time.ts";
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
  ["open", "contacted"],
  ["bad timing", "lost"],
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
  // Pipedrive's standard lead and deal sources ("Source origin").
  ["web forms", "website"],
  ["web form", "website"],
  ["web visitors", "website"],
  ["leadbooster", "website"],
  ["lead booster", "website"],
  ["chatbot", "website"],
  ["live chat", "website"],
  ["manually created", "other"],
  ["prospector", "other"],
  ["import", "other"],
  ["api", "other"],
  ["marketplace", "other"],
  ["workflow automation", "other"],
  ["messaging inbox", "other"],
] as const)
  SOURCE_BY_LABEL.set(labelKey(word), source);

/**
 * The user's own mapping of raw values (the `values` part of the upload), by raw value's key;
 * `dateOrder`: the order the preview read the file's dates in (kept with the import so every
 * commit batch reads them alike, whatever rows it sees).
 */
export type ValueMap = { status: Map<string, LeadStatus>; source: Map<string, LeadSource>; dateOrder?: DateOrder };

export type RawValueMap = { status?: Record<string, string>; source?: Record<string, string>; dates?: { order?: string } };

export function toValueMap(raw: RawValueMap | undefined): ValueMap {
  const status = new Map<string, LeadStatus>();
  const source = new Map<string, LeadSource>();
  for (const [from, to] of Object.entries(raw?.status ?? {}))
    if ((LEAD_STATUSES as readonly string[]).includes(to)) status.set(labelKey(from), to as LeadStatus);
  for (const [from, to] of Object.entries(raw?.source ?? {}))
    if ((LEAD_SOURCES as readonly string[]).includes(to)) source.set(labelKey(from), to as LeadSource);
  const order = raw?.dates?.order;
  return { status, source, ...((order === "dmy" || order === "mdy") && { dateOrder: order }) };
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

const MONEY_PREFIX = /^(r\$|us\$|\$|€|brl|usd|eur)/i;
const MONEY_SUFFIX = /(r\$|us\$|\$|€|brl|usd|eur)$/i;

/**
 * The currency a money cell names by its symbol or code ("US$ 5,000.00", "5.000,00 €",
 * "R$ 1.500", "EUR 12"): R$ = BRL, US$ and $ = USD, € = EUR; null when it names none.
 */
export function moneyCurrency(text: string): LeadCurrency | null {
  const compact = text.replace(/\s|\u00a0|\u202f/g, "");
  const symbol = MONEY_PREFIX.exec(compact)?.[1] ?? MONEY_SUFFIX.exec(compact)?.[1];
  return symbol ? (CURRENCY_BY_TEXT.get(symbol.toLowerCase()) ?? null) : null;
}

/**
 * The currency a header names in brackets: "Valor (R$)", "Amount [USD]", "Valor em (€)"; or null.
 */
export function headerCurrency(header: string): LeadCurrency | null {
  const inBrackets = /[([]\s*([^)\]]{1,8}?)\s*[)\]]\s*$/.exec(header)?.[1];
  return inBrackets ? (parseCurrency(inBrackets) ?? null) : null;
}

/**
 * A money amount ≥ 0: "12.345,67" (pt-BR), "12,345.67" (en), "12345.67", "1234,5", with or
 * without a currency symbol or code and spaces. With both separators the last one is the
 * decimal one; with one kind only, groups of three digits after it are thousands ("1.000",
 * "1,234,567": money is not written with three decimals) and otherwise it is the decimal
 * separator ("1234,5", "12345.67"), and so it is after a zero ("0,125" = 0.125). Returns the
 * number, null for an empty cell, undefined when it is not an amount or is negative.
 */
export function parseMoney(text: string): number | null | undefined {
  const compact = text
    .replace(/\s|\u00a0|\u202f/g, "")
    .replace(MONEY_PREFIX, "")
    .replace(MONEY_SUFFIX, "");
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
    // A zero whole part is never a group of thousands: "0,125" is 0.125.
    if (groups.length > 2 || (groups[1]!.length === 3 && /^[1-9]\d{0,2}$/.test(groups[0]!))) {
      if (!/^[1-9]\d{0,2}$/.test(groups[0]!) || groups.slice(1).some((g) => !/^\d{3}$/.test(g))) return undefined;
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

/** How a date written with slashes is read: day first (13/05/2024) or month first (05/13/2024). */
export type DateOrder = "dmy" | "mdy";
/** The order a file's dates are read in, and whether its dates left it open (then it is the zone's). */
export type DateReading = { order: DateOrder; guessed: boolean };

/** 13/05/2024, 5/13/2024, 13.05.2024 or 13-05-2024, with an optional time (10:22, 10:22:33, 10:22 AM). */
const NUMERIC_DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?:(?:[ T]|, ?)(\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([ap])\.?m\.?)?)?$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,3})?\d*)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The order an organisation writes ambiguous dates in: month first in New York, day first elsewhere. */
export const zoneDateOrder = (timeZone: OrgTimeZone): DateOrder => (timeZone === "America/New_York" ? "mdy" : "dmy");

/**
 * The order of a column's numeric dates: day first when one has a first part over 12
 * (25/03/2024), month first when one has a second part over 12 (03/25/2024); the side more
 * values show wins (the others are then invalid dates). When no value tells (03/05/2024
 * only), the zone's order, `guessed`. null: the column has no such dates.
 */
export function detectDateOrder(texts: Iterable<string>, timeZone: OrgTimeZone = ORG_TIME_ZONE): DateReading | null {
  let dayFirst = 0;
  let monthFirst = 0;
  let any = false;
  for (const text of texts) {
    const match = NUMERIC_DATE.exec(text.trim());
    if (!match) continue;
    any = true;
    const [a, b] = [Number(match[1]), Number(match[3])];
    if (a > 12 && b <= 12) dayFirst++;
    else if (b > 12 && a <= 12) monthFirst++;
  }
  if (!any) return null;
  if (dayFirst === 0 && monthFirst === 0) return { order: zoneDateOrder(timeZone), guessed: true };
  return { order: monthFirst > dayFirst ? "mdy" : "dmy", guessed: false };
}

export type DateOptions = { order?: DateOrder; timeZone?: OrgTimeZone };

/**
 * A creation date: ISO (2024-05-13, 2024-05-13T10:22:33Z, 2024-05-13 10:22:33) or numeric
 * with slashes, dots or dashes in `order` (day first unless told; an optional hh:mm[:ss] and
 * AM/PM). A day without a time is noon UTC (the same calendar day in São Paulo, New York and
 * London); a time without a zone is the organisation's clock (`timeZone`, São Paulo unless
 * told). Not in the future (a day of slack): `future`.
 */
export function readCreatedAt(
  text: string,
  now = Date.now(),
  options: DateOptions = {},
): { value: string | null } | { problem: "invalid" | "future" } {
  const value = text.trim();
  if (value === "") return { value: null };
  const timeZone = options.timeZone ?? ORG_TIME_ZONE;
  const order = options.order ?? zoneDateOrder(timeZone);
  let time: number;
  const numeric = NUMERIC_DATE.exec(value);
  const ymd = ISO_DATE.exec(value);
  if (numeric) {
    const [a, b, y] = [Number(numeric[1]), Number(numeric[3]), Number(numeric[4])];
    const [d, m] = order === "dmy" ? [a, b] : [b, a];
    if (!validDate(y, m, d)) return { problem: "invalid" };
    const date = `${y}-${pad(m)}-${pad(d)}`;
    if (numeric[5]) {
      let hours = Number(numeric[5]);
      const meridiem = numeric[8]?.toLowerCase();
      if (meridiem && (hours < 1 || hours > 12)) return { problem: "invalid" };
      if (meridiem) hours = (hours % 12) + (meridiem === "p" ? 12 : 0);
      if (hours > 23 || Number(numeric[6]) > 59 || Number(numeric[7] ?? 0) > 59) return { problem: "invalid" };
      time = localInstant(date, `${pad(hours)}:${numeric[6]}:${numeric[7] ?? "00"}`, timeZone).getTime();
    } else time = Date.parse(`${date}T12:00:00.000Z`);
  } else if (ymd) {
    const [y, m, d] = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
    if (!validDate(y, m, d)) return { problem: "invalid" };
    const date = `${ymd[1]}-${ymd[2]}-${ymd[3]}`;
    if (!ymd[4]) time = Date.parse(`${date}T12:00:00.000Z`);
    else if (Number(ymd[4]) > 23 || Number(ymd[5]) > 59 || Number(ymd[6] ?? 0) > 59) return { problem: "invalid" };
    else if (ymd[8]) time = Date.parse(`${date}T${ymd[4]}:${ymd[5]}:${ymd[6] ?? "00"}${ymd[7] ?? ""}${ymd[8]}`);
    else time = localInstant(date, `${ymd[4]}:${ymd[5]}:${ymd[6] ?? "00"}${ymd[7] ?? ""}`, timeZone).getTime();
  } else return { problem: "invalid" };
  if (!Number.isFinite(time)) return { problem: "invalid" };
  if (time > now + 86_400_000) return { problem: "future" };
  return { value: new Date(time).toISOString() };
}

/** readCreatedAt as the ISO instant, null for empty, undefined when invalid or in the future. */
export function parseCreatedAt(text: string, now = Date.now(), options: DateOptions = {}): string | null | undefined {
  const read = readCreatedAt(text, now, options);
  return "value" in read ? read.value : undefined;
}
