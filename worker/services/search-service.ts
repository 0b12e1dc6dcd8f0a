import type { Authenticated } from "./auth-service.ts";
import type { QuickSearchDto } from "./crm-types.ts";
import type { ServiceContext } from "./service-context.ts";

/** Ctrl/⌘+K: leads (name, e-mail, company, tags) and tasks (title, description, lead name). */
export async function quickSearch(_ctx: ServiceContext, _actor: Authenticated, _q: string): Promise<QuickSearchDto> {
  throw new Error("quickSearch: not implemented yet");
}
