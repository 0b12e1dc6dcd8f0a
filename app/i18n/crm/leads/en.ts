import type { Dictionary } from "../../pt.ts";

export const leadsEn: Dictionary["crm"]["leads"] = {};
