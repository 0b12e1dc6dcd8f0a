import { Button, Callout, Flex } from "@radix-ui/themes";
import { useEffect } from "react";
import { isRouteErrorResponse, useLocation, useNavigate, useNavigation, useRouteError } from "react-router";
import { useI18n } from "~/i18n/react";
import { isNetworkError } from "~/lib/network-error";

/**
 * A CRM screen's ErrorBoundary: its loader failed (most often the connection dropped while
 * it loaded). It is shown inside the frame, which keeps its sidebar, theme and language;
 * 'Tentar novamente' loads the same address again.
 */
export function CrmScreenError() {
  const error = useRouteError();
  const { t } = useI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const navigation = useNavigation();
  const offline = isNetworkError(error) || (typeof navigator !== "undefined" && navigator.onLine === false);
  const forbidden = isRouteErrorResponse(error) && error.status === 403;

  useEffect(() => {
    if (!offline) console.error(error);
  }, [error, offline]);

  return (
    <Flex direction="column" gap="4" className="max-w-xl" data-testid="crm-screen-error">
      <Callout.Root color={offline ? "amber" : "red"} role="alert">
        <Callout.Text>{offline ? t("crm.shared.offline") : forbidden ? t("crm.frame.forbidden") : t("errorScreen.message")}</Callout.Text>
      </Callout.Root>
      <div>
        <Button loading={navigation.state === "loading"} onClick={() => navigate(location, { replace: true })}>
          {t("errorScreen.retry")}
        </Button>
      </div>
    </Flex>
  );
}
