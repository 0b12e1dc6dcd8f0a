import { createContext, useContext } from "react";
import type { LeadCurrency } from "@worker/db/schema/enums";
import type { OrgTimeZone } from "@worker/lib/org-time";

/**
 * The organisation's name, time zone and currency (Settings → Sistema) for the CRM's screens:
 * the frame loads them and provides them (crm-layout.tsx, `<OrgContext value={org}>`), every
 * screen formats dates and money with them (app/i18n/format.ts, format-date.ts take them as
 * arguments). Every CRM screen is inside the frame, so there is no default worth its bytes.
 */
export type OrgFormat = { company_name: string; time_zone: OrgTimeZone; currency: LeadCurrency };

export const OrgContext = createContext({} as OrgFormat);

/** The organisation's name, time zone and currency. */
export const useOrg = () => useContext(OrgContext);
