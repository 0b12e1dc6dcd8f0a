import type { Dictionary } from "../../pt.ts";

export const dashboardEn: Dictionary["crm"]["dashboard"] = {};
