import { Select } from "@radix-ui/themes";
import type { ComponentProps } from "react";
import { useI18n } from "~/i18n/react";

type Person = { id: string; name: string };

type AssigneeSelectProps = Omit<ComponentProps<typeof Select.Trigger>, "children" | "value" | "defaultValue"> & {
  /** The assignee's id; null: nobody ('Nenhum'). */
  value: string | null;
  onValueChange: (id: string | null) => void;
  /** The active users (GET /api/users/assignable). */
  users: readonly Person[];
  /** Who has it now: stays a choice even when no longer active. */
  current?: Person | null;
};

const NONE = "none";

/** 'Responsável': 'Nenhum' and the active users (the lead and task forms). */
export function AssigneeSelect({ value, onValueChange, users, current, ...trigger }: AssigneeSelectProps) {
  const { t } = useI18n();
  const choices = current && !users.some((user) => user.id === current.id) ? [...users, current] : users;
  return (
    <Select.Root value={value ?? NONE} onValueChange={(next) => onValueChange(next === NONE ? null : next)}>
      <Select.Trigger {...trigger} />
      <Select.Content position="popper">
        <Select.Item value={NONE}>{t("crm.shared.none")}</Select.Item>
        {choices.map((user) => (
          <Select.Item key={user.id} value={user.id}>
            {user.name}
          </Select.Item>
        ))}
      </Select.Content>
    </Select.Root>
  );
}
