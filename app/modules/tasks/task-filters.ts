import type { UserRole } from "@worker/db/schema/enums";

/**
 * Whose tasks the screen shows (?assignee=): "me" ('Minhas tarefas'), "all", "none"
 * ('Sem responsável') or a colleague's id. A sales rep starts on their own, managers and
 * admins on everyone's; the URL names the choice only when it is not that default.
 */
export const defaultTaskAssignee = (role: UserRole) => (role === "sales_rep" ? "me" : "all");

/** The URL's ?assignee= if it can be one (task-service.ts reads it), else the role's default. */
export function taskAssigneeFrom(value: string | null, role: UserRole): string {
  return value && /^[\w-]{1,64}$/.test(value) ? value : defaultTaskAssignee(role);
}

/** Search as you type waits this long after the last key (crm.md §9). */
export const TASK_SEARCH_DEBOUNCE_MS = 300;
