import type { Dictionary } from "../../pt.ts";

export const leadDetailEn: Dictionary["crm"]["leadDetail"] = {};
