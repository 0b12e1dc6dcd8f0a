import { Button, Callout, Flex, Spinner, Text } from "@radix-ui/themes";

// The loading and failed states of the lists Settings loads after the page (push devices, backups,
// API tokens, webhooks): one shape for all, imported only by those lazily loaded panels, so none of
// it joins the /settings page's own chunk.

/** 'Carregando…' with a spinner, announced as a status. */
export function PanelLoading({ label, testId }: { label: string; testId: string }) {
  return (
    <Flex gap="2" align="center" role="status" data-testid={testId}>
      <Spinner />
      <Text size="2" color="gray">
        {label}
      </Text>
    </Flex>
  );
}

/** Why the list did not load (offline, or the panel's own message) and a retry button as wide as its label. */
export function PanelLoadFailed({
  message,
  retryLabel,
  onRetry,
  testId,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
  testId: string;
}) {
  return (
    <Callout.Root color="red" role="alert" data-testid={testId}>
      <Callout.Text>{message}</Callout.Text>
      <Button type="button" size="1" variant="soft" color="red" className="w-fit justify-self-start self-start" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Callout.Root>
  );
}
