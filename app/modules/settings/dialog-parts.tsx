import { Button, Dialog, Flex, Text, TextField } from "@radix-ui/themes";
import { useId, useRef } from "react";
import { useToast } from "~/components/ui/toaster";

// Parts of the Settings dialogs that make something (an API token, a webhook, an invitation):
// imported only by the lazily loaded panels (API tokens, webhooks, Usuários), so none of it joins
// the /settings page's own chunk.

/** A dialog form's end: 'Cancelar' (closes it) and the submit, which shows its busy label while it saves. */
export function DialogFormFooter({
  saving,
  cancel,
  submit,
  submitting,
  testId,
}: {
  saving: boolean;
  cancel: string;
  submit: string;
  submitting: string;
  /** The submit button's data-testid. */
  testId: string;
}) {
  return (
    <Flex gap="3" mt="5" justify="end" wrap="wrap">
      <Dialog.Close>
        <Button type="button" variant="soft" color="gray" disabled={saving}>
          {cancel}
        </Button>
      </Dialog.Close>
      <Button type="submit" disabled={saving} data-testid={testId}>
        {saving ? submitting : submit}
      </Button>
    </Flex>
  );
}

/**
 * A secret shown once: its label, the value read-only (selected when focused) and 'Copiar'.
 * A refused clipboard selects the value instead and says so, for a copy by hand.
 */
export function SecretField({
  value,
  texts,
  testId,
  copyTestId,
}: {
  value: string;
  texts: { label: string; copy: string; copied: string; copyFailed: string };
  testId: string;
  copyTestId: string;
}) {
  const toast = useToast();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      toast({ title: texts.copied });
    } catch {
      input.current?.select();
      toast({ title: texts.copyFailed, variant: "destructive" });
    }
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id}>
        <Text size="2" weight="medium">
          {texts.label}
        </Text>
      </label>
      <Flex gap="2" align="center">
        <TextField.Root
          ref={input}
          id={id}
          readOnly
          value={value}
          className="min-w-0 flex-1 font-mono"
          onFocus={(event) => event.currentTarget.select()}
          data-testid={testId}
        />
        <Button type="button" variant="soft" onClick={() => void copy()} data-testid={copyTestId}>
          {texts.copy}
        </Button>
      </Flex>
    </div>
  );
}
