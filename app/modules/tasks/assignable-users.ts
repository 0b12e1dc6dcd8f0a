import { apiClient, call } from "~/modules/crm/api-client";
import type { AssignableUserDto } from "@worker/services/crm-types";

// The assignee choices (active users, crm.md §6) for the dialogs opened outside the leads
// screen: fetched once per page when a dialog first needs them, again after a failure.
let assignable: Promise<AssignableUserDto[]> | null = null;

export function loadAssignableUsers(): Promise<AssignableUserDto[]> {
  assignable ??= call(apiClient.users.assignable.$get()).then(
    (body) => body.users,
    (error: unknown) => {
      assignable = null;
      throw error;
    },
  );
  return assignable;
}
