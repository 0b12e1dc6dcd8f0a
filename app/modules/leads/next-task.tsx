import { Text } from "@radix-ui/themes";
import type { LeadDto } from "@worker/services/crm-types";
import { LOCALES } from "~/i18n";
import { cachedIntl } from "~/i18n/intl-cache";
import { useI18n } from "~/i18n/react";
import { useOrg } from "~/modules/crm/org-settings";

/**
 * A lead card's next step (issue 20): its next open task and when it is due (dd/MM, and
 * HH:mm when it has a time), red with 'Atrasada' once overdue; nothing without one. Small:
 * the leads screen's first JavaScript carries it.
 */
export function NextTask({ task }: { task: LeadDto["next_task"] }) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  if (!task) return null;
  const when = task.due_date
    ? cachedIntl(
        `date:next-task:${language}:${task.due_has_time}:${timeZone}`,
        () =>
          new Intl.DateTimeFormat(LOCALES[language], {
            day: "2-digit",
            month: "2-digit",
            ...(task.due_has_time && { hour: "2-digit", minute: "2-digit", hourCycle: "h23" }),
            timeZone,
          }),
      ).format(new Date(task.due_date))
    : t("crm.leads.card.nextTaskNoDue");
  return (
    <Text as="p" size="1" color={task.overdue ? "red" : "gray"} className="flex min-w-0 gap-1" data-testid="lead-next-task">
      <span className="truncate">{t("crm.leads.card.nextTask", { title: task.title })}</span>
      <span className="shrink-0">
        · {when}
        {task.overdue && <strong> · {t("crm.leads.card.nextTaskOverdue")}</strong>}
      </span>
    </Text>
  );
}
