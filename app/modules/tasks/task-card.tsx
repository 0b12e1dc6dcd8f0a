import { CalendarIcon, CheckCircledIcon, Pencil1Icon, PersonIcon, ReaderIcon } from "@radix-ui/react-icons";
import { Badge, Button, Card, Checkbox, Flex, Heading, Link as ThemeLink, Text } from "@radix-ui/themes";
import type { MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import { formatDate, formatTime } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import type { TaskDto } from "@worker/services/crm-types";
import { taskUrgency, type TaskUrgency } from "./task-urgency.ts";
import { userLabel } from "~/modules/crm/user-label";
import { useOrg } from "~/modules/crm/org-settings";

const URGENCY_COLORS = { overdue: "red", urgent: "orange", high: "amber" } as const satisfies Record<
  Exclude<TaskUrgency, "normal">,
  string
>;

type Props = {
  task: TaskDto;
  /** Now, for the urgency badge. */
  now: number;
  canEdit: boolean;
  /** The completion change is on its way (the checkbox waits). */
  busy: boolean;
  onToggle: (task: TaskDto) => void;
  onEdit: (task: TaskDto, opener: HTMLElement) => void;
};

/**
 * One task (crm.md §2): the completion checkbox, the title (struck through when done), its
 * status and urgency badges, Editar (for those who may), the description, and a line with
 * the due date (and time, when it has one), the lead, the assignee and the completion date.
 */
export function TaskCard({ task, now, canEdit, busy, onToggle, onEdit }: Props) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  const urgency = task.completed ? "normal" : taskUrgency(task.due_date, now);
  const titleId = `task-${task.id}-title`;
  return (
    <Card size="2" data-testid="task-card" data-task-id={task.id} data-completed={task.completed} aria-labelledby={titleId} asChild>
      <article>
        <Flex gap="3" align="start">
          <Checkbox
            size="3"
            mt="1"
            checked={task.completed}
            disabled={!canEdit || busy}
            onCheckedChange={() => onToggle(task)}
            aria-label={
              task.completed ? t("crm.tasks.card.reopen", { title: task.title }) : t("crm.tasks.card.complete", { title: task.title })
            }
            data-testid="task-toggle"
          />
          <div className="min-w-0 flex-1">
            <Flex justify="between" align="start" gap="2" wrap="wrap">
              <Heading
                as="h3"
                size="3"
                id={titleId}
                className={task.completed ? "min-w-0 break-words line-through" : "min-w-0 break-words"}
                color={task.completed ? "gray" : undefined}
                data-testid="task-title"
              >
                {task.title}
              </Heading>
              <Flex gap="2" align="center" wrap="wrap" className="shrink-0">
                <Badge color={task.completed ? "green" : "gray"} variant="soft" data-testid="task-status">
                  {task.completed ? t("crm.tasks.status.completed") : t("crm.tasks.status.pending")}
                </Badge>
                {urgency !== "normal" ? (
                  <Badge color={URGENCY_COLORS[urgency]} variant="soft" data-testid="task-urgency" data-urgency={urgency}>
                    {t(`crm.tasks.urgency.${urgency}`)}
                  </Badge>
                ) : null}
                {canEdit ? (
                  <Button
                    size="1"
                    variant="ghost"
                    onClick={(event: MouseEvent<HTMLButtonElement>) => onEdit(task, event.currentTarget)}
                    aria-label={t("crm.tasks.card.editLabel", { title: task.title })}
                    data-testid="task-edit"
                  >
                    <Pencil1Icon />
                    {t("crm.tasks.card.edit")}
                  </Button>
                ) : null}
              </Flex>
            </Flex>
            {task.description ? (
              <Text as="p" size="2" color="gray" mt="1" className="break-words whitespace-pre-line">
                {task.description}
              </Text>
            ) : null}
            <Flex gapX="4" gapY="1" wrap="wrap" mt="2" asChild>
              <ul data-testid="task-meta">
                <MetaItem icon={<CalendarIcon />} testId="task-due">
                  {task.due_date
                    ? task.due_has_time
                      ? t("crm.tasks.card.dueAt", {
                          date: formatDate(task.due_date, language, timeZone),
                          time: formatTime(task.due_date, language, timeZone),
                        })
                      : t("crm.tasks.card.due", { date: formatDate(task.due_date, language, timeZone) })
                    : t("crm.tasks.card.noDue")}
                </MetaItem>
                {task.lead ? (
                  <MetaItem icon={<ReaderIcon />} testId="task-lead">
                    <ThemeLink asChild size="1">
                      <Link to={`/leads?lead=${encodeURIComponent(task.lead.id)}`}>
                        {t("crm.tasks.card.lead", { name: task.lead.name })}
                      </Link>
                    </ThemeLink>
                  </MetaItem>
                ) : null}
                {task.assigned_user ? (
                  <MetaItem icon={<PersonIcon />} testId="task-assignee">
                    {t("crm.tasks.card.assignee", { name: userLabel(task.assigned_user, t) })}
                  </MetaItem>
                ) : null}
                {task.completed && task.completed_at ? (
                  <MetaItem icon={<CheckCircledIcon />} testId="task-completed-at">
                    {t("crm.tasks.card.completedAt", { date: formatDate(task.completed_at, language, timeZone) })}
                  </MetaItem>
                ) : null}
              </ul>
            </Flex>
          </div>
        </Flex>
      </article>
    </Card>
  );
}

function MetaItem({ icon, testId, children }: { icon: ReactNode; testId: string; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-1" data-testid={testId}>
      <span aria-hidden="true" className="shrink-0" style={{ color: "var(--gray-10)" }}>
        {icon}
      </span>
      <Text size="1" color="gray" className="min-w-0 break-words">
        {children}
      </Text>
    </li>
  );
}
