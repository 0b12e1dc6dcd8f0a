import type { Dictionary } from "../../pt.ts";

export const tasksEs: Dictionary["crm"]["tasks"] = {};
