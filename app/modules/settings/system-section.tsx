import type { SystemTabData } from "../../../worker/services/org-settings-service.ts";

/** Settings → Sistema (crm.md §2; issue 22). */
export function SystemSection(_props: { data: SystemTabData }) {
  return null;
}
