import type { TaskFilter } from "@worker/services/crm-types";

/** The tasks screen's filter (?filter=): all, pending or completed. */
export const TASK_FILTER_VALUES = ["all", "pending", "completed"] as const satisfies readonly TaskFilter[];

/** Search as you type waits this long after the last key (crm.md §9). */
export const TASK_SEARCH_DEBOUNCE_MS = 300;
