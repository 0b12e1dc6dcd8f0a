import { AlertDialog, Button, Flex } from "@radix-ui/themes";
import { useState, type ReactNode } from "react";
import { useI18n } from "~/i18n/react";
import { useReturnFocus } from "~/modules/crm/use-return-focus";

/**
 * "Remove this?" over the lead dialog: Cancel (focused first) or the red action (high contrast:
 * white on Radix red-9 is below 4.5:1), which shows
 * its busy label until `onConfirm` settles. The caller closes it (open=false) on success.
 * `children` (a choice that goes with the action) sit between the text and the buttons.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirm,
  confirming,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  confirm: string;
  confirming: string;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  // Opened by state, not by a Trigger: what had the focus as it opened (the button that asked)
  // gets it back when it closes, if still on the page.
  const returnFocus = useReturnFocus(open);
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <AlertDialog.Content
        maxWidth="420px"
        onCloseAutoFocus={(event) => {
          // Not when the action opened another dialog that holds the focus now.
          const active = document.activeElement;
          if (!active || active === document.body) returnFocus(event);
        }}
      >
        <AlertDialog.Title>{title}</AlertDialog.Title>
        <AlertDialog.Description size="2">{description}</AlertDialog.Description>
        {children}
        <Flex gap="3" mt="4" justify="end" wrap="wrap">
          <AlertDialog.Cancel>
            <Button variant="surface" color="gray" highContrast disabled={busy}>
              {t("crm.shared.actions.cancel")}
            </Button>
          </AlertDialog.Cancel>
          <Button color="red" highContrast onClick={() => void run()} disabled={busy}>
            {busy ? confirming : confirm}
          </Button>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}
