import type { Dictionary } from "../../pt.ts";

export const leadDetailEs: Dictionary["crm"]["leadDetail"] = {};
