import { Badge } from "@radix-ui/themes";
import { useI18n } from "~/i18n/react";
import type { LeadStatus } from "@worker/db/schema/enums";

/** One colour per status, the same on every CRM screen that shows a lead's status. */
export const LEAD_STATUS_COLORS = {
  new: "blue",
  qualified: "violet",
  contacted: "amber",
  negotiating: "orange",
  won: "green",
  lost: "red",
} as const satisfies Record<LeadStatus, string>;

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  const { t } = useI18n();
  return (
    <Badge color={LEAD_STATUS_COLORS[status]} variant="soft" className="shrink-0">
      {t(`crm.shared.statuses.${status}`)}
    </Badge>
  );
}
