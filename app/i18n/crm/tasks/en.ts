import type { Dictionary } from "../../pt.ts";

export const tasksEn: Dictionary["crm"]["tasks"] = {};
