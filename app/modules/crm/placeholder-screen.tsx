import { Card, Text } from "@radix-ui/themes";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";

/** A CRM screen whose content arrives with a later issue: the frame and its title only. */
export function PlaceholderScreen() {
  const { t } = useI18n();
  const { profile } = useAuth();
  return (
    <Card size="3">
      <Text as="p" color="gray">
        {t("crm.frame.placeholder")}
      </Text>
      <Text as="p" size="1" color="gray" mt="2" data-testid="signed-in-as">
        {profile?.email}
      </Text>
    </Card>
  );
}
