import type { Authenticated } from "./auth-service.ts";
import type { AssignableUserDto } from "./crm-types.ts";
import type { ServiceContext } from "./service-context.ts";

/** Active users, by name: the assignee choices of leads and tasks. */
export async function listAssignableUsers(_ctx: ServiceContext, _actor: Authenticated): Promise<AssignableUserDto[]> {
  throw new Error("listAssignableUsers: not implemented yet");
}
