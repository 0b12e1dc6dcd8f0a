import { CheckboxIcon, ChevronDownIcon, PersonIcon, PlusIcon } from "@radix-ui/react-icons";
import { Button, DropdownMenu } from "@radix-ui/themes";
import type { Ref } from "react";
import { useI18n } from "~/i18n/react";

/** 'Nova ação': a new lead or a new task, each in its dialog. */
export function NewActionMenu({
  ref,
  onNewLead,
  onNewTask,
}: {
  ref?: Ref<HTMLButtonElement>;
  onNewLead: () => void;
  onNewTask: () => void;
}) {
  const { t } = useI18n();
  return (
    // Not modal: a modal menu hides the page with aria-hidden while its controls stay focusable (axe aria-hidden-focus).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger>
        <Button ref={ref} data-testid="dashboard-new-action">
          <PlusIcon />
          {t("crm.dashboard.newAction")}
          <ChevronDownIcon />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Content align="end">
        <DropdownMenu.Item onSelect={onNewLead}>
          <PersonIcon />
          {t("crm.dashboard.newLead")}
        </DropdownMenu.Item>
        <DropdownMenu.Item onSelect={onNewTask}>
          <CheckboxIcon />
          {t("crm.dashboard.newTask")}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
