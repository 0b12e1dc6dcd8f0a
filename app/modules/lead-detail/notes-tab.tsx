import { Pencil1Icon, TrashIcon } from "@radix-ui/react-icons";
import { Button, Card, Flex, IconButton, Text, TextArea } from "@radix-ui/themes";
import type { NoteDto } from "@worker/services/crm-types";
import { useId, useState, type FormEvent } from "react";
import { useToast } from "~/components/ui/toaster";
import { formatDateTime } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import { CollectionStatus, LoadMore } from "./collection-status";
import { ConfirmDialog } from "./confirm-dialog";
import { describeError } from "./describe-error";
import { leadDetailApi } from "./lead-detail-api";
import type { Collection } from "./use-collection";

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
  const toast = useToast();
  const [deleting, setDeleting] = useState<NoteDto | null>(null);

  const remove = async () => {
    if (!deleting) return;
    try {
      await leadDetailApi.deleteNote(leadId, deleting.id);
      notes.update((items) => items.filter((note) => note.id !== deleting.id));
      toast({ title: t("crm.leadDetail.notes.deleted"), variant: "success" });
      setDeleting(null);
    } catch (error) {
      toast({ title: t("crm.leadDetail.notes.deleteFailed"), description: describeError(error, t) || undefined, variant: "destructive" });
    }
  };

  return (
    <Flex direction="column" gap="4">
      {canEdit && <NoteForm leadId={leadId} onAdded={(note) => notes.update((items) => [note, ...items])} />}
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

function NoteForm({ leadId, onAdded }: { leadId: string; onAdded: (note: NoteDto) => void }) {
  const { t } = useI18n();
  const toast = useToast();
  const [content, setContent] = useState("");
  const [saving, setSaving] = useState(false);
  const id = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !content.trim()) return;
    setSaving(true);
    try {
      onAdded(await leadDetailApi.createNote(leadId, content.trim()));
      setContent("");
      toast({ title: t("crm.leadDetail.notes.added"), variant: "success" });
    } catch (error) {
      toast({ title: t("crm.leadDetail.notes.addFailed"), description: describeError(error, t) || undefined, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" data-testid="note-form">
      <Text as="label" htmlFor={id} size="2" weight="medium">
        {t("crm.leadDetail.notes.inputLabel")}
      </Text>
      <TextArea
        id={id}
        required
        rows={3}
        maxLength={NOTE_MAX}
        value={content}
        placeholder={t("crm.leadDetail.notes.placeholder")}
        onChange={(event) => setContent(event.target.value)}
        disabled={saving}
      />
      <Flex justify="end">
        <Button type="submit" disabled={saving || !content.trim()}>
          {saving ? t("crm.leadDetail.notes.adding") : t("crm.leadDetail.notes.add")}
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
  const toast = useToast();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.content);
  const [saving, setSaving] = useState(false);
  const id = useId();
  const edited = note.updated_at && note.updated_at !== note.created_at;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !draft.trim()) return;
    if (draft.trim() === note.content) return setEditing(false);
    setSaving(true);
    try {
      onUpdated(await leadDetailApi.updateNote(leadId, note.id, draft.trim()));
      setEditing(false);
      toast({ title: t("crm.leadDetail.notes.updated"), variant: "success" });
    } catch (error) {
      toast({ title: t("crm.leadDetail.notes.updateFailed"), description: describeError(error, t) || undefined, variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card asChild size="2">
      <li>
        {editing ? (
          <form onSubmit={save} className="flex flex-col gap-2">
            <Text as="label" htmlFor={id} size="2" weight="medium">
              {t("crm.leadDetail.notes.editLabel")}
            </Text>
            <TextArea
              id={id}
              required
              rows={3}
              maxLength={NOTE_MAX}
              value={draft}
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
              disabled={saving}
            />
            <Flex gap="2" justify="end">
              <Button
                type="button"
                variant="soft"
                color="gray"
                disabled={saving}
                onClick={() => {
                  setDraft(note.content);
                  setEditing(false);
                }}
              >
                {t("crm.shared.actions.cancel")}
              </Button>
              <Button type="submit" disabled={saving || !draft.trim()}>
                {saving ? t("crm.shared.actions.saving") : t("crm.shared.actions.save")}
              </Button>
            </Flex>
          </form>
        ) : (
          <Flex gap="2" align="start">
            <Flex direction="column" gap="1" className="min-w-0 flex-1">
              <Text as="p" size="2" className="whitespace-pre-wrap break-words">
                {note.content}
              </Text>
              <Text size="1" color="gray">
                {note.author?.name ?? t("crm.leadDetail.history.system")}
                {" · "}
                <time dateTime={note.created_at}>{formatDateTime(note.created_at, language)}</time>
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
