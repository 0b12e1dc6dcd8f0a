import type { TaskFilter } from "@worker/services/crm-types";

/** The tasks screen's filter (?filter=): all, pending or completed. */
export const TASK_FILTER_VALUES = ["all", "pending", "completed"] as const satisfies readonly TaskFilter[];
