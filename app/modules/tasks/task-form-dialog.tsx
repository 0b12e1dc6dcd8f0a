import { TrashIcon } from "@radix-ui/react-icons";
import { Button, Dialog, Flex, Text, TextArea, TextField } from "@radix-ui/themes";
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useToast } from "~/components/ui/toaster";
import { useI18n } from "~/i18n/react";
import { apiClient, ApiClientError, call } from "~/modules/crm/api-client";
import { AssigneeSelect } from "~/modules/crm/assignee-select";
import { fieldMessages, useSubmitFailure } from "~/modules/crm/submit-failure";
import type { AssignableUserDto, TaskDto } from "@worker/services/crm-types";
import { loadAssignableUsers } from "./assignable-users.ts";
import { LeadPicker, type LeadChoice } from "./lead-picker.tsx";
import { dueDateInputValue, dueDateValue, dueTimeInputValue } from "./task-dates.ts";
import { useOrg } from "~/modules/crm/org-settings";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The task to edit; none for a new one. */
  task?: TaskDto | null;
  /** A new task's lead, filled in (the lead detail's 'Tarefas' tab). */
  lead?: LeadChoice | null;
  onSaved: (task: TaskDto) => void;
  /** Offers 'Excluir' (with a confirmation) on a task being edited; called once it is deleted. */
  onDeleted?: (task: TaskDto) => void;
  /** Where the focus goes when the dialog closes (it has no trigger of its own). */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

type Field = "title" | "description" | "due_date" | "due_time" | "assigned_to" | "lead_id";
type Errors = Partial<Record<Field, string>>;

const FIELDS: Field[] = ["title", "description", "due_date", "assigned_to", "lead_id"];

/**
 * The task dialog (crm.md §2): 'Nova tarefa' / 'Editar Tarefa' with Título (required),
 * Descrição, the due date and its optional time (São Paulo), Responsável (active users,
 * 'Nenhum') and Lead Relacionado (search as you type, 'Nenhum'). Saves through /api/tasks; the server's messages show under their
 * fields and in a toast under the generic error title; offline, the dialog keeps what was typed.
 */
export function TaskFormDialog({ open, onOpenChange, task, lead, onSaved, onDeleted, returnFocusTo }: Props) {
  const { t } = useI18n();
  const leadListOpen = useRef(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth="560px"
        className="max-sm:!fixed max-sm:!inset-0 max-sm:!max-h-none max-sm:!rounded-none"
        data-testid="task-dialog"
        onEscapeKeyDown={(event) => {
          if (leadListOpen.current) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo?.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <Dialog.Title>{task ? t("crm.tasks.dialog.editTitle") : t("crm.tasks.dialog.createTitle")}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {t("crm.tasks.dialog.description")}
        </Dialog.Description>
        <TaskForm
          task={task ?? null}
          lead={lead ?? null}
          leadListOpen={leadListOpen}
          onDone={(saved) => {
            onSaved(saved);
            onOpenChange(false);
          }}
          onDeleted={
            onDeleted &&
            ((deleted) => {
              onDeleted(deleted);
              onOpenChange(false);
            })
          }
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}

function TaskForm({
  task,
  lead: presetLead,
  leadListOpen,
  onDone,
  onDeleted,
}: {
  task: TaskDto | null;
  lead: LeadChoice | null;
  leadListOpen: RefObject<boolean>;
  onDone: (task: TaskDto) => void;
  onDeleted?: (task: TaskDto) => void;
}) {
  const { t } = useI18n();
  // The inputs speak the organisation's days and clock times (Settings → Sistema).
  const { time_zone: timeZone } = useOrg();
  const toast = useToast();
  const failed = useSubmitFailure();
  const ids = useId();
  const [title, setTitle] = useState(task?.title ?? "");
  const [description, setDescription] = useState(task?.description ?? "");
  const [dueDate, setDueDate] = useState(dueDateInputValue(task?.due_date, timeZone));
  const [dueTime, setDueTime] = useState(dueTimeInputValue(task, timeZone));
  const [assignee, setAssignee] = useState<string | null>(task?.assigned_to ?? null);
  const [lead, setLead] = useState<LeadChoice | null>(task ? task.lead : presetLead);
  const [users, setUsers] = useState<AssignableUserDto[] | null>(null);
  const [usersFailed, setUsersFailed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const titleInput = useRef<HTMLInputElement>(null);
  const dateInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    let live = true;
    loadAssignableUsers().then(
      (list) => live && setUsers(list),
      () => live && setUsersFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const fieldId = (field: Field) => `${ids}-${field}`;
  const errorId = (field: Field) => `${ids}-${field}-error`;
  const describedBy = (field: Field) => (errors[field] ? errorId(field) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!title.trim()) {
      setErrors({ title: t("crm.tasks.dialog.titleRequired") });
      titleInput.current?.focus();
      return;
    }
    if (dueTime && !dueDate) {
      setErrors({ due_date: t("crm.tasks.dialog.timeNeedsDate") });
      dateInput.current?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    const body: {
      title: string;
      description: string | null;
      lead_id: string | null;
      assigned_to: string | null;
      due_date?: string | null;
    } = {
      title: title.trim(),
      description: description.trim() ? description : null,
      lead_id: lead?.id ?? null,
      assigned_to: assignee,
    };
    // An unchanged day and time keep the stored instant (one set through the API to the second stays).
    if (!task || dueDate !== dueDateInputValue(task.due_date, timeZone) || dueTime !== dueTimeInputValue(task, timeZone)) {
      body.due_date = dueDateValue(dueDate, dueTime);
    }
    try {
      const { task: saved } = task
        ? await call(apiClient.tasks[":id"].$patch({ param: { id: task.id }, json: body }))
        : await call(apiClient.tasks.$post({ json: body }));
      toast({ title: task ? t("crm.tasks.toasts.updated") : t("crm.tasks.toasts.created"), variant: "success" });
      onDone(saved);
    } catch (error) {
      setSaving(false);
      failed(error, { onRefused: (refusal) => setErrors(fieldMessages(refusal, FIELDS)) });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        <FieldRow id={fieldId("title")} label={t("crm.tasks.dialog.title")} required error={errors.title} errorId={errorId("title")}>
          <TextField.Root
            ref={titleInput}
            id={fieldId("title")}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            placeholder={t("crm.tasks.dialog.titlePlaceholder")}
            maxLength={200}
            aria-required
            aria-invalid={errors.title ? true : undefined}
            aria-describedby={describedBy("title")}
            autoFocus
            data-testid="task-title-input"
          />
        </FieldRow>

        <FieldRow
          id={fieldId("description")}
          label={t("crm.tasks.dialog.details")}
          error={errors.description}
          errorId={errorId("description")}
        >
          <TextArea
            id={fieldId("description")}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            placeholder={t("crm.tasks.dialog.detailsPlaceholder")}
            rows={3}
            maxLength={10_000}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy("description")}
            data-testid="task-description-input"
          />
        </FieldRow>

        <div className="grid grid-cols-2 gap-4">
          <FieldRow id={fieldId("due_date")} label={t("crm.tasks.dialog.dueDate")} error={errors.due_date} errorId={errorId("due_date")}>
            <TextField.Root
              ref={dateInput}
              id={fieldId("due_date")}
              type="date"
              value={dueDate}
              onChange={(event) => setDueDate(event.target.value)}
              aria-invalid={errors.due_date ? true : undefined}
              aria-describedby={describedBy("due_date")}
              data-testid="task-due-input"
            />
          </FieldRow>
          <FieldRow id={fieldId("due_time")} label={t("crm.tasks.dialog.dueTime")} error={errors.due_time} errorId={errorId("due_time")}>
            <TextField.Root
              id={fieldId("due_time")}
              type="time"
              value={dueTime}
              onChange={(event) => setDueTime(event.target.value)}
              aria-invalid={errors.due_time ? true : undefined}
              aria-describedby={describedBy("due_time")}
              data-testid="task-time-input"
            />
          </FieldRow>
        </div>

        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <FieldRow
            id={fieldId("assigned_to")}
            label={t("crm.tasks.dialog.assignee")}
            error={errors.assigned_to ?? (usersFailed ? t("crm.tasks.dialog.usersFailed") : undefined)}
            errorId={errorId("assigned_to")}
          >
            <AssigneeSelect
              value={assignee}
              onValueChange={setAssignee}
              users={users ?? []}
              current={task?.assigned_user}
              id={fieldId("assigned_to")}
              aria-invalid={errors.assigned_to ? true : undefined}
              aria-describedby={errors.assigned_to || usersFailed ? errorId("assigned_to") : undefined}
              data-testid="task-assignee-select"
            />
          </FieldRow>
        </div>

        <FieldRow id={fieldId("lead_id")} label={t("crm.tasks.dialog.lead")} error={errors.lead_id} errorId={errorId("lead_id")}>
          <LeadPicker
            id={fieldId("lead_id")}
            value={lead}
            onChange={setLead}
            listOpen={leadListOpen}
            describedBy={describedBy("lead_id")}
            invalid={Boolean(errors.lead_id)}
          />
        </FieldRow>
      </Flex>

      <Flex gap="3" mt="5" justify="end" wrap="wrap">
        {task && onDeleted ? (
          <Button
            type="button"
            variant="soft"
            color="red"
            highContrast
            className="sm:mr-auto"
            disabled={saving}
            onClick={() => setConfirmingDelete(true)}
            data-testid="task-delete"
          >
            <TrashIcon aria-hidden />
            {t("crm.shared.actions.delete")}
          </Button>
        ) : null}
        <Dialog.Close>
          <Button type="button" variant="surface" color="gray" highContrast>
            {t("crm.shared.actions.cancel")}
          </Button>
        </Dialog.Close>
        <Button type="submit" loading={saving} data-testid="task-save">
          {t("crm.shared.actions.save")}
        </Button>
      </Flex>
      {task && onDeleted ? (
        <ConfirmDialog
          open={confirmingDelete}
          title={t("crm.tasks.delete.title")}
          description={t("crm.tasks.delete.description", { title: task.title })}
          confirm={t("crm.shared.actions.delete")}
          confirming={t("crm.tasks.delete.deleting")}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={async () => {
            try {
              await call(apiClient.tasks[":id"].$delete({ param: { id: task.id } }));
              toast({ title: t("crm.tasks.toasts.deleted"), variant: "success" });
              onDeleted(task);
            } catch (error) {
              setConfirmingDelete(false);
              // Deleted elsewhere meanwhile: it is gone either way.
              if (error instanceof ApiClientError && error.status === 404) {
                toast({ title: t("crm.tasks.toasts.notFound"), variant: "destructive" });
                onDeleted(task);
                return;
              }
              failed(error);
            }
          }}
        />
      ) : null}
    </form>
  );
}

function FieldRow({
  id,
  label,
  required,
  error,
  errorId,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <Flex direction="column" gap="1">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
        {required ? (
          <Text color="red" aria-hidden="true">
            {" *"}
          </Text>
        ) : null}
      </Text>
      {children}
      {error ? (
        <Text id={errorId} size="1" color="red" role="alert">
          {error}
        </Text>
      ) : null}
    </Flex>
  );
}
