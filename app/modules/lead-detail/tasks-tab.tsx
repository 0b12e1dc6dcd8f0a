import { PlusIcon } from "@radix-ui/react-icons";
import { Button, Checkbox, Flex, Link as ThemeLink, Text } from "@radix-ui/themes";
import { canEditTask } from "@worker/auth/crm-permissions";
import type { LeadDto, LeadNextTaskDto, TaskDto } from "@worker/services/crm-types";
import { Suspense, useRef, useState } from "react";
import { Link } from "react-router";
import { lazyChunk } from "~/components/lazy-chunk";
import { formatDate, formatTime } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import { CollectionStatus, LoadMore } from "./collection-status";
import { leadDetailApi } from "./lead-detail-api";
import type { Collection } from "./use-collection";
import { useWrite } from "./use-write";
import { userLabel } from "~/modules/crm/user-label";
import { useOrg } from "~/modules/crm/org-settings";

// The task dialog's code comes when 'Nova tarefa' is first pressed.
const TaskFormDialog = lazyChunk(() => import("~/modules/tasks/task-form-dialog").then((m) => ({ default: m.TaskFormDialog })));

/** The tasks screen's order (task-service.ts): due date ascending, undated last, then the oldest, then id. */
function serverOrder(a: TaskDto, b: TaskDto): number {
  if (a.due_date !== b.due_date) {
    if (a.due_date === null) return 1;
    if (b.due_date === null) return -1;
    return a.due_date < b.due_date ? -1 : 1;
  }
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

const isOverdue = (task: Pick<TaskDto, "due_date">) => task.due_date !== null && task.due_date < new Date().toISOString();

/** A lead card's next task from the first of the lead's open tasks. */
function nextTaskOf(task: TaskDto | undefined): LeadNextTaskDto | null {
  return task
    ? { id: task.id, title: task.title, due_date: task.due_date, due_has_time: task.due_has_time, overdue: isOverdue(task) }
    : null;
}

/**
 * Tarefas: the lead's open tasks in the tasks screen's order (due date, time when set,
 * 'Atrasada' in red once overdue, the assignee), each completed with its checkbox by whoever
 * may change it, each title opening it on the tasks screen; 'Nova tarefa' opens the task
 * dialog with the lead filled in. A change tells the screen the lead's next task (its card).
 */
export function TasksTab({
  lead,
  tasks,
  onNextTask,
}: {
  lead: LeadDto;
  tasks: Collection<TaskDto>;
  onNextTask: (next: LeadNextTaskDto | null) => void;
}) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  const { profile } = useAuth();
  const [creating, setCreating] = useState(false);
  const newButton = useRef<HTMLButtonElement>(null);
  const completion = useWrite();

  const show = (items: TaskDto[]) => {
    tasks.update(() => items);
    // Every open task of the lead was on screen, or the first page's first is still first.
    if (items.length === 0 && tasks.nextCursor) tasks.reload();
    else onNextTask(nextTaskOf(items[0]));
  };

  const complete = (task: TaskDto) =>
    completion.run(
      async () => {
        await leadDetailApi.completeTask(task.id);
        show(tasks.items.filter((item) => item.id !== task.id));
      },
      { success: "crm.tasks.toasts.completed", failure: "crm.tasks.toasts.toggleFailed" },
    );

  const due = (task: TaskDto) =>
    task.due_date === null
      ? t("crm.leadDetail.tasks.noDue")
      : task.due_has_time
        ? t("crm.leadDetail.tasks.dueAt", {
            date: formatDate(task.due_date, language, timeZone),
            time: formatTime(task.due_date, language, timeZone),
          })
        : t("crm.leadDetail.tasks.due", { date: formatDate(task.due_date, language, timeZone) });

  return (
    <Flex direction="column" gap="4">
      <div>
        <Button ref={newButton} onClick={() => setCreating(true)} data-testid="lead-task-new">
          <PlusIcon aria-hidden />
          {t("crm.leadDetail.tasks.new")}
        </Button>
      </div>

      <CollectionStatus collection={tasks} loadError={t("crm.leadDetail.tasks.loadError")} empty={t("crm.leadDetail.tasks.empty")}>
        <ul className="flex flex-col gap-2" aria-label={t("crm.leadDetail.tasks.title")} data-testid="lead-task-list">
          {tasks.items.map((task) => {
            const overdue = isOverdue(task);
            return (
              <li
                key={task.id}
                className="flex items-start gap-3 rounded-md p-3"
                style={{ background: "var(--gray-a2)", border: "1px solid var(--gray-a5)" }}
                data-testid="lead-task"
              >
                <Checkbox
                  size="2"
                  mt="1"
                  checked={false}
                  disabled={completion.busy || !profile || !canEditTask(profile, task)}
                  onCheckedChange={() => void complete(task)}
                  aria-label={t("crm.leadDetail.tasks.complete", { title: task.title })}
                />
                <Flex direction="column" gap="1" className="min-w-0 flex-1">
                  <ThemeLink asChild size="2" weight="medium" className="break-words">
                    <Link to={`/tasks?task=${encodeURIComponent(task.id)}`}>{task.title}</Link>
                  </ThemeLink>
                  <Text size="1" color={overdue ? "red" : "gray"} data-testid="lead-task-due">
                    {due(task)}
                    {overdue ? (
                      <>
                        {" · "}
                        <strong>{t("crm.leadDetail.tasks.overdue")}</strong>
                      </>
                    ) : null}
                  </Text>
                  <Text size="1" color="gray">
                    {task.assigned_user
                      ? t("crm.leadDetail.tasks.assignee", { name: userLabel(task.assigned_user, t) })
                      : t("crm.leadDetail.tasks.unassigned")}
                  </Text>
                </Flex>
              </li>
            );
          })}
        </ul>
        <LoadMore collection={tasks} />
      </CollectionStatus>

      {creating ? (
        <Suspense fallback={null}>
          <TaskFormDialog
            open
            onOpenChange={(open) => !open && setCreating(false)}
            lead={{ id: lead.id, name: lead.name, company: lead.company }}
            onSaved={(task) => {
              if (!task.completed && task.lead_id === lead.id) {
                show([...tasks.items.filter((item) => item.id !== task.id), task].sort(serverOrder));
              }
            }}
            returnFocusTo={newButton}
          />
        </Suspense>
      ) : null}
    </Flex>
  );
}
