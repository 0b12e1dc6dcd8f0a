// Settings → Usuários (crm.md §2 'Settings', issue 22): the team's accounts, invitations,
// roles, deactivation and their audit trail.
import type { Authenticated, ServiceContext } from "./service-context.ts";

/** What the Usuários tab loads. */
export type UsersTabData = Record<string, never>;

export async function loadUsersTab(_ctx: ServiceContext, _actor: Authenticated): Promise<UsersTabData> {
  return {};
}
