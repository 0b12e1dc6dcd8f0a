import { ChatBubbleIcon, CheckboxIcon, PlusIcon } from "@radix-ui/react-icons";
import { Button, Card, Heading } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { TranslationKey } from "~/i18n";
import { useI18n } from "~/i18n/react";

const LINKS: { to: string; label: TranslationKey; icon: ReactNode }[] = [
  { to: "/leads", label: "crm.dashboard.quick.newLead", icon: <PlusIcon /> },
  { to: "/tasks", label: "crm.dashboard.quick.viewTasks", icon: <CheckboxIcon /> },
  { to: "/chat", label: "crm.dashboard.quick.chat", icon: <ChatBubbleIcon /> },
];

/** 'Ações Rápidas': links to the leads, tasks and chat screens. */
export function QuickActionsCard() {
  const { t } = useI18n();
  return (
    <Card size="2" data-testid="quick-actions">
      <Heading as="h3" size="4" mb="4">
        {t("crm.dashboard.quick.title")}
      </Heading>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {LINKS.map((link) => (
          <Button key={link.to} asChild variant="soft" size="3">
            <Link to={link.to}>
              {link.icon}
              {t(link.label)}
            </Link>
          </Button>
        ))}
      </div>
    </Card>
  );
}
