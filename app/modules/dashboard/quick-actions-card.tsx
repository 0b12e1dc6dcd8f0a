import { ChatBubbleIcon, CheckboxIcon, PlusIcon } from "@radix-ui/react-icons";
import { Button, Card, Heading } from "@radix-ui/themes";
import { Link } from "react-router";
import { useI18n } from "~/i18n/react";

/** 'Ações Rápidas': links to the leads, tasks and chat screens. */
export function QuickActionsCard() {
  const { t } = useI18n();
  return (
    <Card size="2" data-testid="quick-actions">
      <Heading as="h3" size="4" mb="4">
        {t("crm.dashboard.quick.title")}
      </Heading>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Button asChild variant="soft" size="3">
          <Link to="/leads">
            <PlusIcon />
            {t("crm.dashboard.quick.newLead")}
          </Link>
        </Button>
        <Button asChild variant="soft" size="3">
          <Link to="/tasks">
            <CheckboxIcon />
            {t("crm.dashboard.quick.viewTasks")}
          </Link>
        </Button>
        <Button asChild variant="soft" size="3">
          <Link to="/chat">
            <ChatBubbleIcon />
            {t("crm.dashboard.quick.chat")}
          </Link>
        </Button>
      </div>
    </Card>
  );
}
