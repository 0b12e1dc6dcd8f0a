import type { LeadCurrency } from "@worker/db/schema/enums";

/** How a label names a currency: the lead form's value field, the report chart's legend. */
export const CURRENCY_SYMBOLS: Record<LeadCurrency, string> = { BRL: "R$", USD: "US$", EUR: "€" };
