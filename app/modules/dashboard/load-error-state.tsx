import { Button, Callout, Flex } from "@radix-ui/themes";
import { useRevalidator, useRouteError } from "react-router";
import { useI18n } from "~/i18n/react";
import { isNetworkError } from "~/lib/network-error";

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

/**
 * A CRM route's ErrorBoundary: no loader data could be had at all (the first load failed). Says
 * whether the connection dropped, and 'Tentar novamente' loads again (after `beforeRetry`).
 */
export function RouteLoadError({ testId, beforeRetry }: { testId: string; beforeRetry?: () => void }) {
  const error = useRouteError();
  const { t } = useI18n();
  const revalidator = useRevalidator();
  const offline = isNetworkError(error) || error instanceof TypeError;
  return (
    <LoadErrorState
      message={offline ? t("crm.shared.offline") : t("errorScreen.message")}
      retrying={revalidator.state === "loading"}
      onRetry={() => {
        beforeRetry?.();
        void revalidator.revalidate();
      }}
      testId={testId}
    />
  );
}
