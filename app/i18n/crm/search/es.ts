import type { Dictionary } from "../../pt.ts";

export const searchEs: Dictionary["crm"]["search"] = {};
