import type { Dictionary } from "../../pt.ts";

export const searchEn: Dictionary["crm"]["search"] = {};
