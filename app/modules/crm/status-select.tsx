import { Select } from "@radix-ui/themes";
import { LEAD_STATUSES, type LeadStatus } from "@worker/db/schema/enums";
import type { ComponentProps } from "react";
import { useI18n } from "~/i18n/react";

type TriggerProps = Omit<ComponentProps<typeof Select.Trigger>, "children" | "value" | "defaultValue">;

type StatusSelectProps = TriggerProps &
  (
    | { value: LeadStatus; onValueChange: (status: LeadStatus) => void; allLabel?: undefined }
    /** A filter: `allLabel` names the first choice, every status (null). */
    | { value: LeadStatus | null; onValueChange: (status: LeadStatus | null) => void; allLabel: string }
  );

const ALL = "all";

/** The six lead statuses in pipeline order, as a select (the lead form, the list's filter). */
export function StatusSelect({ value, onValueChange, allLabel, ...trigger }: StatusSelectProps) {
  const { t } = useI18n();
  const change = onValueChange as (status: LeadStatus | null) => void;
  return (
    <Select.Root value={value ?? ALL} onValueChange={(next) => change(next === ALL ? null : (next as LeadStatus))}>
      <Select.Trigger {...trigger}>
        {/* The label as children: Radix's Select.Value shows nothing before hydration otherwise. */}
        {value ? t(`crm.shared.statuses.${value}`) : allLabel}
      </Select.Trigger>
      <Select.Content position="popper">
        {allLabel !== undefined && <Select.Item value={ALL}>{allLabel}</Select.Item>}
        {LEAD_STATUSES.map((status) => (
          <Select.Item key={status} value={status}>
            {t(`crm.shared.statuses.${status}`)}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
