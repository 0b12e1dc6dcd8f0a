import type { Dictionary } from "../../pt.ts";

export const leadsEs: Dictionary["crm"]["leads"] = {};
