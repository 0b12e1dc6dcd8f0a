import { Button, Callout, Flex } from "@radix-ui/themes";
import { useI18n } from "~/i18n/react";

/** A CRM screen whose data could not be read: the message and 'Tentar novamente'. */
export function LoadErrorState({
  message,
  retrying,
  onRetry,
  testId,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useI18n();
  return (
    <Flex direction="column" align="start" gap="3" data-testid={testId}>
      <Callout.Root color="red" role="alert" className="w-full">
        <Callout.Text>{message}</Callout.Text>
      </Callout.Root>
      <Button onClick={onRetry} loading={retrying}>
        {t("crm.shared.actions.retry")}
      </Button>
    </Flex>
  );
}
