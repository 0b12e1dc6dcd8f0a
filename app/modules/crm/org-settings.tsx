import { createContext, useContext, type ReactNode } from "react";
import type { LeadCurrency } from "@worker/db/schema/enums";
import type { OrgTimeZone } from "@worker/lib/org-time";

/**
 * The organisation's name, time zone and currency (Settings → Sistema) for the CRM's screens:
 * the frame loads them (crm-layout.tsx) and every screen formats dates and money with them
 * (app/i18n/format.ts, format-date.ts take them as arguments).
 */
export type OrgFormat = { company_name: string; time_zone: OrgTimeZone; currency: LeadCurrency };

/** The spec's defaults, until the frame's data arrives (never in practice: SSR renders with it). */
const DEFAULT_ORG: OrgFormat = { company_name: "Minha Empresa", time_zone: "America/Sao_Paulo", currency: "BRL" };

const OrgContext = createContext<OrgFormat>(DEFAULT_ORG);

export function OrgProvider({ org, children }: { org: OrgFormat; children: ReactNode }) {
  return <OrgContext.Provider value={org}>{children}</OrgContext.Provider>;
}

/** The organisation's name, time zone and currency. */
export const useOrg = () => useContext(OrgContext);
