import {
  CalendarIcon,
  ChatBubbleIcon,
  EnvelopeClosedIcon,
  FileTextIcon,
  MobileIcon,
  Pencil1Icon,
  PersonIcon,
  UpdateIcon,
} from "@radix-ui/react-icons";
import { Button, Card, Flex, Heading, Select, Text, TextArea, TextField } from "@radix-ui/themes";
import type { ActivityDto } from "@worker/services/crm-types";
import { useId, useState, type ComponentType, type FormEvent } from "react";
import { formatDateTime } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import { auditText, importText, siteSubject } from "./activity-text";
import { leadDetailApi, type ActivityInput } from "./lead-detail-api";
import { CollectionStatus, LoadMore } from "./collection-status";
import type { Collection } from "./use-collection";
import { useWrite } from "./use-write";
import { useOrg } from "~/modules/crm/org-settings";
import { useAuth } from "~/modules/auth/auth-context";
import { MeetingDetails, meetingAtIssue, meetingAtValue, MeetingWhenFields, noReminderNote, type MeetingWhen } from "./meeting";

const LOGGABLE = ["whatsapp", "email", "call", "meeting", "internal_note"] as const satisfies readonly ActivityDto["type"][];

const ICONS: Record<ActivityDto["type"], ComponentType<{ "aria-hidden"?: boolean }>> = {
  whatsapp: ChatBubbleIcon,
  email: EnvelopeClosedIcon,
  call: MobileIcon,
  meeting: CalendarIcon,
  internal_note: FileTextIcon,
  status_change: UpdateIcon,
  assignment_change: PersonIcon,
  lead_update: Pencil1Icon,
};

const COLORS: Record<ActivityDto["type"], string> = {
  whatsapp: "var(--green-a4)",
  email: "var(--blue-a4)",
  call: "var(--violet-a4)",
  meeting: "var(--amber-a4)",
  internal_note: "var(--gray-a4)",
  status_change: "var(--indigo-a4)",
  assignment_change: "var(--cyan-a4)",
  lead_update: "var(--gray-a4)",
};

/** Histórico: the form to log a contact (for whoever may edit the lead) and the timeline, newest first. */
export function HistoryTab({ leadId, canEdit, activities }: { leadId: string; canEdit: boolean; activities: Collection<ActivityDto> }) {
  const { t } = useI18n();
  const { profile } = useAuth();
  return (
    <Flex direction="column" gap="4">
      {canEdit && (
        // Without it twice: the live timeline may have read it already.
        <ActivityForm
          leadId={leadId}
          onCreated={(activity) => activities.update((items) => [activity, ...items.filter((item) => item.id !== activity.id)])}
        />
      )}
      <CollectionStatus collection={activities} loadError={t("crm.leadDetail.history.loadError")} empty={t("crm.leadDetail.history.empty")}>
        <ol className="flex flex-col gap-3" aria-label={t("crm.leadDetail.tabs.history")} data-testid="lead-timeline">
          {activities.items.map((activity) => (
            <ActivityItem
              key={activity.id}
              activity={activity}
              // A meeting is moved or removed by its author or by whoever may edit the lead (the API's rule).
              mayChange={canEdit || (!!profile && activity.author?.id === profile.id)}
              onChanged={(changed) => activities.update((items) => items.map((item) => (item.id === changed.id ? changed : item)))}
              onRemoved={() => activities.update((items) => items.filter((item) => item.id !== activity.id))}
            />
          ))}
        </ol>
        <LoadMore collection={activities} />
      </CollectionStatus>
    </Flex>
  );
}

function ActivityItem({
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
  const Icon = ICONS[activity.type] ?? FileTextIcon;
  const audit = auditText(activity, t, language);
  const imported = importText(activity, t);
  return (
    <li className="flex gap-3" data-activity-type={activity.type} data-activity-id={activity.id}>
      <span
        className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full"
        style={{ background: COLORS[activity.type], color: "var(--gray-12)" }}
      >
        <Icon aria-hidden />
      </span>
      <Flex direction="column" gap="1" className="min-w-0 flex-1">
        <Flex gap="2" align="baseline" wrap="wrap">
          <Text size="2" weight="bold">
            {imported ? t("crm.leadDetail.history.importTitle") : t(`crm.leadDetail.activityTypes.${activity.type}`)}
          </Text>
          {activity.subject && !audit && !imported && (
            <Text size="2" weight="medium" className="break-words">
              {siteSubject(activity, t) ?? activity.subject}
            </Text>
          )}
        </Flex>
        <Text as="p" size="2" className="whitespace-pre-wrap break-words">
          {audit ?? imported ?? activity.content}
        </Text>
        <Text size="1" color="gray">
          {!audit && `${t("crm.leadDetail.history.by", { name: activity.author?.name ?? t("crm.leadDetail.history.system") })} · `}
          <time dateTime={activity.created_at}>{formatDateTime(activity.created_at, language, timeZone)}</time>
        </Text>
        {activity.type === "meeting" && (
          <MeetingDetails activity={activity} mayChange={mayChange} onChanged={onChanged} onRemoved={onRemoved} />
        )}
      </Flex>
    </li>
  );
}

function ActivityForm({ leadId, onCreated }: { leadId: string; onCreated: (activity: ActivityDto) => void }) {
  const { t } = useI18n();
  const [type, setType] = useState<ActivityInput["type"]>("call");
  const [subject, setSubject] = useState("");
  const [content, setContent] = useState("");
  const [when, setWhen] = useState<MeetingWhen>({ date: "", time: "" });
  const [whenError, setWhenError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const write = useWrite();
  const saving = write.busy;
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!content.trim()) return;
    setFieldError(null);
    setWhenError(null);
    // A meeting may carry its date and time (both, or neither).
    const meeting = type === "meeting" ? meetingAtValue(when, t) : { value: "" };
    if ("error" in meeting) {
      setWhenError(meeting.error);
      return;
    }
    let refusedWhen = false;
    let loggedAt: string | null = null;
    await write.run(
      async () => {
        try {
          const created = await leadDetailApi.createActivity(leadId, {
            type,
            subject: subject.trim() || null,
            content: content.trim(),
            ...(meeting.value ? { meeting_at: meeting.value } : {}),
          });
          loggedAt = created.meeting_at ?? null;
          onCreated(created);
        } catch (error) {
          const issue = meetingAtIssue(error);
          refusedWhen = issue !== null;
          setWhenError(issue);
          throw error;
        }
        setSubject("");
        setContent("");
        setWhen({ date: "", time: "" });
      },
      {
        success: "crm.leadDetail.activityForm.created",
        // A meeting nobody will be reminded of says so (its time has passed, or it is too close).
        note: () => noReminderNote(loggedAt, t),
        failure: "crm.leadDetail.activityForm.createFailed",
        // The date and time's own message shows under them, not again under the text.
        onFailure: (reason) => setFieldError(refusedWhen ? null : reason || null),
      },
    );
  };

  return (
    <Card size="2" asChild>
      <form onSubmit={submit} aria-labelledby={`${id}-title`} data-testid="activity-form">
        <Heading as="h3" size="3" mb="3" id={`${id}-title`}>
          {t("crm.leadDetail.activityForm.title")}
        </Heading>
        <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
          <Flex direction="column" gap="1">
            <Text as="span" size="2" weight="medium" id={`${id}-type`}>
              {t("crm.leadDetail.activityForm.type")}
            </Text>
            <Select.Root value={type} onValueChange={(value) => setType(value as ActivityInput["type"])} disabled={saving}>
              <Select.Trigger aria-labelledby={`${id}-type`} />
              <Select.Content position="popper">
                {LOGGABLE.map((value) => (
                  <Select.Item key={value} value={value}>
                    {t(`crm.leadDetail.activityTypes.${value}`)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Flex>
          <Flex direction="column" gap="1">
            <Text as="label" size="2" weight="medium" htmlFor={`${id}-subject`}>
              {t("crm.leadDetail.activityForm.subject")}
            </Text>
            <TextField.Root
              id={`${id}-subject`}
              value={subject}
              maxLength={200}
              onChange={(e) => setSubject(e.target.value)}
              disabled={saving}
            />
          </Flex>
        </div>
        {type === "meeting" && (
          <div className="mt-3" data-testid="activity-meeting-when">
            <MeetingWhenFields when={when} onChange={setWhen} error={whenError} disabled={saving} />
          </div>
        )}
        <Flex direction="column" gap="1" mt="3">
          <Text as="label" size="2" weight="medium" htmlFor={`${id}-content`}>
            {t("crm.leadDetail.activityForm.content")}
          </Text>
          <TextArea
            id={`${id}-content`}
            required
            value={content}
            maxLength={5000}
            rows={3}
            placeholder={t("crm.leadDetail.activityForm.contentPlaceholder")}
            onChange={(e) => setContent(e.target.value)}
            disabled={saving}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${id}-error` : undefined}
          />
          {fieldError && (
            <Text size="1" color="red" id={`${id}-error`}>
              {fieldError}
            </Text>
          )}
        </Flex>
        <Flex justify="end" mt="3">
          <Button type="submit" disabled={saving || !content.trim()}>
            {saving ? t("crm.leadDetail.activityForm.submitting") : t("crm.leadDetail.activityForm.submit")}
          </Button>
        </Flex>
      </form>
    </Card>
  );
}
