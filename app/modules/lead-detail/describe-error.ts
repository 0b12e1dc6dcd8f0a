import type { Translate } from "~/i18n";
import { ApiClientError, OfflineError } from "~/modules/crm/api-client";

/** What went wrong, for a toast's description: the API's translated message, or "offline". */
export function describeError(error: unknown, t: Translate): string {
  if (error instanceof OfflineError) return t("crm.shared.offline");
  if (error instanceof ApiClientError) return error.message;
  return "";
}
