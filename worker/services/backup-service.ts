import type { ServiceContext } from "./service-context.ts";

/**
 * The automatic backup (Settings → Sistema switch; issue 23), run by the Cron Trigger.
 * Not written yet: nothing is backed up.
 */
export async function runAutomaticBackup(_services: ServiceContext, _now: Date): Promise<{ written: boolean }> {
  return { written: false };
}
