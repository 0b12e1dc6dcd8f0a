// A meeting's date and time on the lead's timeline (issue 24, meeting reminders): the date and
// time inputs of the activity form and of 'Remarcar', the "Marcada para …" line, and the
// item's actions (move, remove) for its author or whoever may edit the lead. The inputs speak
// the organisation's calendar (Settings → Sistema); the API reads a zone-less "yyyy-mm-ddThh:mm"
// in that zone and answers with the instant.
import { CalendarIcon, TrashIcon } from "@radix-ui/react-icons";
import { Button, Flex, IconButton, Text, TextField } from "@radix-ui/themes";
import type { ActivityDto } from "@worker/services/crm-types";
import { useId, useState, type FormEvent } from "react";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatDateTime } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import { ApiClientError } from "~/modules/crm/api-client";
import { useOrg } from "~/modules/crm/org-settings";
import { dueDateInputValue, dueTimeInputValue } from "~/modules/tasks/task-dates";
import { leadDetailApi } from "./lead-detail-api";
import { missedMeetingReminder } from "./meeting-reminder-timing";
import { useWrite } from "./use-write";

export type MeetingWhen = { date: string; time: string };

/**
 * What the API takes from the two inputs ("" when both are empty), or the translated reason
 * one of them is missing.
 */
export function meetingAtValue(when: MeetingWhen, t: ReturnType<typeof useI18n>["t"]): { value: string } | { error: string } {
  if (!when.date && !when.time) return { value: "" };
  if (!when.date) return { error: t("crm.leadDetail.meeting.dateRequired") };
  if (!when.time) return { error: t("crm.leadDetail.meeting.timeRequired") };
  return { value: `${when.date}T${when.time}` };
}

/**
 * The toast's line for a meeting just logged or moved that nobody will be reminded of (its time
 * has passed, or it is too close for the Cron's reminder), else null.
 */
export function noReminderNote(meetingAt: string | null | undefined, t: ReturnType<typeof useI18n>["t"]): string | null {
  const missed = meetingAt ? missedMeetingReminder(meetingAt) : null;
  return missed ? t(`crm.leadDetail.meeting.noReminder.${missed}`) : null;
}

/** The server's word on meeting_at (a 400), else null. */
export const meetingAtIssue = (error: unknown) => (error instanceof ApiClientError ? (error.fieldMessage("meeting_at") ?? null) : null);

/** The date and time inputs, side by side (stacked on a phone: a native date input needs the width), with the error under them. */
export function MeetingWhenFields({
  when,
  onChange,
  error,
  disabled,
  autoFocus = false,
}: {
  when: MeetingWhen;
  onChange: (when: MeetingWhen) => void;
  error: string | null;
  disabled: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useI18n();
  const id = useId();
  const describedBy = error ? `${id}-error` : `${id}-hint`;
  return (
    <Flex direction="column" gap="1">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={`${id}-date`}>
            {t("crm.leadDetail.meeting.date")}
          </Text>
          <TextField.Root
            id={`${id}-date`}
            type="date"
            value={when.date}
            autoFocus={autoFocus}
            onChange={(event) => onChange({ ...when, date: event.target.value })}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            data-testid="meeting-date-input"
          />
        </Flex>
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={`${id}-time`}>
            {t("crm.leadDetail.meeting.time")}
          </Text>
          <TextField.Root
            id={`${id}-time`}
            type="time"
            value={when.time}
            onChange={(event) => onChange({ ...when, time: event.target.value })}
            disabled={disabled}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            data-testid="meeting-time-input"
          />
        </Flex>
      </div>
      {error ? (
        <Text size="1" color="red" id={`${id}-error`} role="alert" data-testid="meeting-at-error">
          {error}
        </Text>
      ) : (
        <Text size="1" color="gray" id={`${id}-hint`}>
          {t("crm.leadDetail.meeting.hint")}
        </Text>
      )}
    </Flex>
  );
}

/**
 * A meeting's "Marcada para …" line and, for whoever may change it, 'Remarcar' (the date and
 * time inline: Enter saves, 'Cancelar' leaves it) and 'Remover reunião' (confirmed).
 */
export function MeetingDetails({
  activity,
  mayChange,
  onChanged,
  onRemoved,
}: {
  activity: ActivityDto;
  mayChange: boolean;
  onChanged: (activity: ActivityDto) => void;
  onRemoved: () => void;
}) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const at = activity.meeting_at ?? null;
  const initial = () => ({
    date: dueDateInputValue(at, timeZone),
    time: dueTimeInputValue({ due_date: at, due_has_time: true }, timeZone),
  });
  const [when, setWhen] = useState<MeetingWhen>(initial);
  const [error, setError] = useState<string | null>(null);
  const write = useWrite();

  const open = () => {
    setWhen(initial());
    setError(null);
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const value = meetingAtValue(when, t);
    if ("error" in value || !value.value) {
      setError("error" in value ? value.error : t("crm.leadDetail.meeting.dateRequired"));
      return;
    }
    setError(null);
    let movedTo: string | null = null;
    const saved = await write.run(
      async () => {
        try {
          const moved = await leadDetailApi.moveMeeting(activity.lead_id, activity.id, value.value);
          movedTo = moved.meeting_at ?? null;
          onChanged(moved);
        } catch (failure) {
          setError(meetingAtIssue(failure));
          throw failure;
        }
      },
      {
        success: "crm.leadDetail.meeting.moved",
        note: () => noReminderNote(movedTo, t),
        failure: "crm.leadDetail.meeting.moveFailed",
      },
    );
    if (saved) setEditing(false);
  };

  const remove = async () => {
    const removed = await write.run(async () => leadDetailApi.deleteMeeting(activity.lead_id, activity.id), {
      success: "crm.leadDetail.meeting.removed",
      failure: "crm.leadDetail.meeting.removeFailed",
    });
    if (removed) {
      setRemoving(false);
      onRemoved();
    }
  };

  return (
    <>
      {at && !editing && (
        <Text size="2" weight="medium" className="flex items-center gap-1" data-testid="meeting-at">
          <CalendarIcon aria-hidden />
          <time dateTime={at}>{t("crm.leadDetail.meeting.at", { date: formatDateTime(at, language, timeZone) })}</time>
        </Text>
      )}
      {editing ? (
        <form
          onSubmit={save}
          className="flex flex-col gap-2"
          aria-label={t("crm.leadDetail.meeting.rescheduleTitle")}
          data-testid="meeting-move-form"
        >
          <MeetingWhenFields when={when} onChange={setWhen} error={error} disabled={write.busy} autoFocus />
          <Flex gap="2" justify="end" wrap="wrap">
            <Button type="button" variant="surface" color="gray" highContrast disabled={write.busy} onClick={() => setEditing(false)}>
              {t("crm.shared.actions.cancel")}
            </Button>
            <Button type="submit" disabled={write.busy}>
              {write.busy ? t("crm.shared.actions.saving") : t("crm.shared.actions.save")}
            </Button>
          </Flex>
        </form>
      ) : (
        mayChange && (
          <Flex gap="2" align="center" wrap="wrap">
            <Button type="button" size="1" variant="soft" onClick={open} data-testid="meeting-reschedule">
              <CalendarIcon aria-hidden />
              {at ? t("crm.leadDetail.meeting.reschedule") : t("crm.leadDetail.meeting.schedule")}
            </Button>
            <IconButton
              type="button"
              size="1"
              variant="ghost"
              color="red"
              aria-label={t("crm.leadDetail.meeting.remove")}
              onClick={() => setRemoving(true)}
              data-testid="meeting-remove"
            >
              <TrashIcon aria-hidden />
            </IconButton>
          </Flex>
        )
      )}
      <ConfirmDialog
        open={removing}
        title={t("crm.leadDetail.meeting.removeTitle")}
        description={t("crm.leadDetail.meeting.removeConfirm")}
        confirm={t("crm.leadDetail.meeting.remove")}
        confirming={t("crm.leadDetail.meeting.removing")}
        onConfirm={remove}
        onCancel={() => setRemoving(false)}
      />
    </>
  );
}
