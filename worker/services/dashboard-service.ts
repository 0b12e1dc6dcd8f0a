import type { Authenticated } from "./auth-service.ts";
import type { DashboardDto } from "./crm-types.ts";
import type { ServiceContext } from "./service-context.ts";

/** The dashboard's figures (crm.md §2 Dashboard, §3 Dashboard metrics). */
export async function getDashboard(_ctx: ServiceContext, _actor: Authenticated): Promise<DashboardDto> {
  throw new Error("getDashboard: not implemented yet");
}
