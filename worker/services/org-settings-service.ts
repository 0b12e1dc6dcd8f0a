// Settings → Sistema (crm.md §2 'Settings', issue 22): the organisation's settings, stored in
// D1, read by everyone, written by admins, obeyed by the whole CRM.
import type { Authenticated, ServiceContext } from "./service-context.ts";

/** What the Sistema tab loads. */
export type SystemTabData = Record<string, never>;

export async function loadSystemTab(_ctx: ServiceContext, _actor: Authenticated): Promise<SystemTabData> {
  return {};
}
