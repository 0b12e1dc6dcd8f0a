import type { Dictionary } from "../../pt.ts";

export const dashboardEs: Dictionary["crm"]["dashboard"] = {};
