import type { UsersTabData } from "../../../worker/services/user-admin-service.ts";

/** Settings → Usuários (crm.md §2; issue 22). */
export function UsersSection(_props: { data: UsersTabData }) {
  return null;
}
