import { Pencil1Icon, TrashIcon } from "@radix-ui/react-icons";
import { Button, Card, Flex, IconButton, Text, TextArea } from "@radix-ui/themes";
import type { NoteDto } from "@worker/services/crm-types";
import { useId, useState, type FormEvent } from "react";
import { formatDateTime } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import { CollectionStatus, LoadMore } from "./collection-status";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { leadDetailApi } from "./lead-detail-api";
import type { Collection } from "./use-collection";
import { useWrite } from "./use-write";
import { useOrg } from "~/modules/crm/org-settings";

const NOTE_MAX = 5000;

/** A note's author, or a manager or admin, edits and deletes it (as the notes service decides). */
const mayChangeNote = (profile: { id: string; role: string } | null, note: NoteDto) =>
  !!profile && (profile.role === "admin" || profile.role === "manager" || note.author?.id === profile.id);

/**
 * Notas: the lead's notes, newest first; whoever may edit the lead adds notes; a note's
 * author (or a manager/admin) edits or deletes it.
 */
export function NotesTab({ leadId, canEdit, notes }: { leadId: string; canEdit: boolean; notes: Collection<NoteDto> }) {
  const { t } = useI18n();
  const { profile } = useAuth();
  const [deleting, setDeleting] = useState<NoteDto | null>(null);
  const write = useWrite();

  const add = (content: string) =>
    write.run(
      async () => {
        const note = await leadDetailApi.createNote(leadId, content);
        // Without it twice: the live list may have read it already.
        notes.update((items) => [note, ...items.filter((item) => item.id !== note.id)]);
      },
      { success: "crm.leadDetail.notes.added", failure: "crm.leadDetail.notes.addFailed" },
    );

  const remove = async () => {
    const note = deleting;
    if (!note) return;
    const removed = await write.run(
      async () => {
        await leadDetailApi.deleteNote(leadId, note.id);
        notes.update((items) => items.filter((item) => item.id !== note.id));
      },
      { success: "crm.leadDetail.notes.deleted", failure: "crm.leadDetail.notes.deleteFailed" },
    );
    if (removed) setDeleting(null);
  };

  return (
    <Flex direction="column" gap="4">
      {canEdit && (
        <NoteEditor
          label={t("crm.leadDetail.notes.inputLabel")}
          placeholder={t("crm.leadDetail.notes.placeholder")}
          submit={t("crm.leadDetail.notes.add")}
          submitting={t("crm.leadDetail.notes.adding")}
          resetOnSave
          onSave={add}
        />
      )}
      <CollectionStatus collection={notes} loadError={t("crm.leadDetail.notes.loadError")} empty={t("crm.leadDetail.notes.empty")}>
        <ul className="flex flex-col gap-3" aria-label={t("crm.leadDetail.notes.title")} data-testid="note-list">
          {notes.items.map((note) => (
            <NoteItem
              key={note.id}
              leadId={leadId}
              note={note}
              mayChange={mayChangeNote(profile, note)}
              onUpdated={(updated) => notes.update((items) => items.map((item) => (item.id === updated.id ? updated : item)))}
              onDelete={() => setDeleting(note)}
            />
          ))}
        </ul>
        <LoadMore collection={notes} />
      </CollectionStatus>
      <ConfirmDialog
        open={deleting !== null}
        title={t("crm.leadDetail.notes.deleteTitle")}
        description={t("crm.leadDetail.notes.deleteConfirm")}
        confirm={t("crm.shared.actions.delete")}
        confirming={t("crm.leadDetail.notes.deleting")}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      />
    </Flex>
  );
}

/** A note's text field with its label and save button (adding a note, or editing one with Cancel). */
function NoteEditor({
  label,
  placeholder,
  initial = "",
  submit,
  submitting,
  resetOnSave = false,
  autoFocus = false,
  onSave,
  onCancel,
}: {
  label: string;
  placeholder?: string;
  initial?: string;
  submit: string;
  submitting: string;
  resetOnSave?: boolean;
  autoFocus?: boolean;
  /** Resolves true when saved. */
  onSave: (content: string) => Promise<boolean>;
  onCancel?: () => void;
}) {
  const { t } = useI18n();
  const [content, setContent] = useState(initial);
  const [saving, setSaving] = useState(false);
  const id = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const text = content.trim();
    if (saving || !text) return;
    setSaving(true);
    const saved = await onSave(text);
    setSaving(false);
    if (saved && resetOnSave) setContent("");
  };

  return (
    <form onSubmit={save} className="flex flex-col gap-2" data-testid={onCancel ? "note-edit-form" : "note-form"}>
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {label}
      </Text>
      <TextArea
        id={id}
        required
        rows={3}
        maxLength={NOTE_MAX}
        value={content}
        placeholder={placeholder}
        autoFocus={autoFocus}
        onChange={(event) => setContent(event.target.value)}
        disabled={saving}
      />
      <Flex gap="2" justify="end">
        {onCancel && (
          <Button type="button" variant="surface" color="gray" highContrast disabled={saving} onClick={onCancel}>
            {t("crm.shared.actions.cancel")}
          </Button>
        )}
        <Button type="submit" disabled={saving || !content.trim()}>
          {saving ? submitting : submit}
        </Button>
      </Flex>
    </form>
  );
}

function NoteItem({
  leadId,
  note,
  mayChange,
  onUpdated,
  onDelete,
}: {
  leadId: string;
  note: NoteDto;
  mayChange: boolean;
  onUpdated: (note: NoteDto) => void;
  onDelete: () => void;
}) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  const [editing, setEditing] = useState(false);
  const write = useWrite();
  const edited = note.updated_at && note.updated_at !== note.created_at;

  const save = async (content: string) => {
    if (content === note.content) {
      setEditing(false);
      return true;
    }
    const saved = await write.run(async () => onUpdated(await leadDetailApi.updateNote(leadId, note.id, content)), {
      success: "crm.leadDetail.notes.updated",
      failure: "crm.leadDetail.notes.updateFailed",
    });
    if (saved) setEditing(false);
    return saved;
  };

  return (
    <Card asChild size="2">
      <li>
        {editing ? (
          <NoteEditor
            label={t("crm.leadDetail.notes.editLabel")}
            initial={note.content}
            submit={t("crm.shared.actions.save")}
            submitting={t("crm.shared.actions.saving")}
            autoFocus
            onSave={save}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Flex gap="2" align="start">
            <Flex direction="column" gap="1" className="min-w-0 flex-1">
              <Text as="p" size="2" className="whitespace-pre-wrap break-words">
                {note.content}
              </Text>
              <Text size="1" color="gray">
                {note.author?.name ?? t("crm.leadDetail.history.system")}
                {" · "}
                <time dateTime={note.created_at}>{formatDateTime(note.created_at, language, timeZone)}</time>
                {edited ? ` · ${t("crm.leadDetail.notes.edited")}` : ""}
              </Text>
            </Flex>
            {mayChange && (
              <Flex gap="1" className="shrink-0">
                <IconButton variant="ghost" color="gray" aria-label={t("crm.leadDetail.notes.edit")} onClick={() => setEditing(true)}>
                  <Pencil1Icon aria-hidden />
                </IconButton>
                <IconButton variant="ghost" color="red" aria-label={t("crm.leadDetail.notes.delete")} onClick={onDelete}>
                  <TrashIcon aria-hidden />
                </IconButton>
              </Flex>
            )}
          </Flex>
        )}
      </li>
    </Card>
  );
}
