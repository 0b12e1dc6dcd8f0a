// Count and value sums per status, one sum per currency (docs/decisions/018): the rows of the
// trigger-kept lead_status_totals (migrations 0005, 0011) or the same figures counted from
// leads for a filtered board. value_sum is the organisation's currency (BRL); the others are
// never converted into it.
import { sql } from "drizzle-orm";
import type { LeadStatus } from "../db/schema/index.ts";
import type { OtherCurrencySums } from "./crm-types.ts";

/** A status's count and sums as both queries below select them. */
export type StatusTotalsRow = { status: LeadStatus; count: number; value_sum: number; usd_sum: number; eur_sum: number };

/** The select list of lead_status_totals (6 rows). */
export const STATUS_TOTALS_COLUMNS = sql.raw(
  "status, lead_count as count, value_cents / 100.0 as value_sum, usd_cents / 100.0 as usd_sum, eur_cents / 100.0 as eur_sum",
);

/** The same figures from `leads l … group by status` (NULL values count as 0). */
export const COUNTED_TOTALS_COLUMNS = sql.raw(
  "l.status as status, count(*) as count, total(case when l.currency = 'BRL' then l.estimated_value end) as value_sum, " +
    "total(case when l.currency = 'USD' then l.estimated_value end) as usd_sum, total(case when l.currency = 'EUR' then l.estimated_value end) as eur_sum",
);

/** The sums of the other currencies, those above 0 only. */
export function otherSums(row: Pick<StatusTotalsRow, "usd_sum" | "eur_sum"> | undefined): OtherCurrencySums {
  const sums: OtherCurrencySums = {};
  if (row && Number(row.usd_sum) !== 0) sums.USD = Number(row.usd_sum);
  if (row && Number(row.eur_sum) !== 0) sums.EUR = Number(row.eur_sum);
  return sums;
}

/** A row as a column's figures: count, value_sum (BRL) and other_sums. */
export const columnTotals = (row: StatusTotalsRow | undefined) => ({
  count: Number(row?.count ?? 0),
  value_sum: Number(row?.value_sum ?? 0),
  other_sums: otherSums(row),
});
