import { DownloadIcon, FileIcon, TrashIcon, UploadIcon } from "@radix-ui/react-icons";
import { saveFile } from "~/modules/crm/save-file";
import { Button, Flex, IconButton, Link, Text } from "@radix-ui/themes";
import type { AttachmentDto } from "@worker/services/crm-types";
import { useId, useRef, useState, type ChangeEvent, type MouseEvent } from "react";
import { useToast } from "~/components/ui/toaster";
import { formatDateTime } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import { useAnnounce } from "./announcer";
import { ATTACHMENT_ACCEPT, ATTACHMENT_MAX_BYTES, attachmentProblem } from "./attachment-rules";
import { CollectionStatus, LoadMore } from "./collection-status";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { formatFileSize } from "~/modules/crm/format-file-size";
import { attachmentUrl, fetchAttachment, leadDetailApi } from "./lead-detail-api";
import type { Collection } from "./use-collection";
import { useWrite } from "./use-write";
import { useOrg } from "~/modules/crm/org-settings";

/**
 * Anexos: the lead's files, newest first (name, size, uploader, date), each downloadable under
 * its original name; whoever may edit the lead uploads (type and 10 MB checked here before
 * sending) and removes them after a confirmation.
 */
export function AttachmentsTab({
  leadId,
  canEdit,
  attachments,
}: {
  leadId: string;
  canEdit: boolean;
  attachments: Collection<AttachmentDto>;
}) {
  const { t, language } = useI18n();
  const { profile } = useAuth();
  const toast = useToast();
  const announce = useAnnounce();
  const input = useRef<HTMLInputElement>(null);
  const uploading = useWrite();
  const removal = useWrite();
  const [removing, setRemoving] = useState<AttachmentDto | null>(null);
  const hintId = useId();
  const maxSize = formatFileSize(ATTACHMENT_MAX_BYTES, language);

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = attachmentProblem(file);
    if (problem) {
      const reason =
        problem === "type"
          ? t("crm.leadDetail.attachments.typeNotAllowed", { name: file.name })
          : problem === "size"
            ? t("crm.leadDetail.attachments.tooLarge", { name: file.name, size: formatFileSize(file.size, language), max: maxSize })
            : t("crm.leadDetail.attachments.emptyFile", { name: file.name });
      toast({ title: t("crm.leadDetail.attachments.uploadFailed"), description: reason, variant: "destructive" });
      announce(`${t("crm.leadDetail.attachments.uploadFailed")}: ${reason}`);
      return;
    }
    await uploading.run(
      async () => {
        const created = await leadDetailApi.uploadAttachment(leadId, file);
        attachments.update((items) => [created, ...items.filter((item) => item.id !== created.id)]);
      },
      { success: "crm.leadDetail.attachments.uploaded", failure: "crm.leadDetail.attachments.uploadFailed" },
    );
  };

  const remove = async () => {
    const attachment = removing;
    if (!attachment) return;
    const removed = await removal.run(
      async () => {
        await leadDetailApi.deleteAttachment(attachment.id);
        attachments.update((items) => items.filter((item) => item.id !== attachment.id));
      },
      { success: "crm.leadDetail.attachments.removed", failure: "crm.leadDetail.attachments.removeFailed" },
    );
    if (removed) setRemoving(null);
  };

  return (
    <Flex direction="column" gap="4">
      {canEdit && (
        <Flex direction="column" gap="2" align="start">
          <input ref={input} type="file" accept={ATTACHMENT_ACCEPT} onChange={upload} hidden data-testid="attachment-input" />
          <Button onClick={() => input.current?.click()} disabled={uploading.busy} aria-describedby={hintId}>
            <UploadIcon aria-hidden />
            {uploading.busy ? t("crm.leadDetail.attachments.uploading") : t("crm.leadDetail.attachments.choose")}
          </Button>
          <Text size="1" color="gray" id={hintId}>
            {t("crm.leadDetail.attachments.hint", { max: maxSize })}
          </Text>
        </Flex>
      )}

      <CollectionStatus
        collection={attachments}
        loadError={t("crm.leadDetail.attachments.loadError")}
        empty={t("crm.leadDetail.attachments.empty")}
      >
        <ul className="flex flex-col gap-2" aria-label={t("crm.leadDetail.attachments.title")} data-testid="attachment-list">
          {attachments.items.map((attachment) => (
            <AttachmentItem
              key={attachment.id}
              attachment={attachment}
              // As the attachments service decides: its uploader, or whoever may edit the lead.
              mayRemove={canEdit || (!!profile && attachment.uploader?.id === profile.id)}
              onRemove={() => setRemoving(attachment)}
            />
          ))}
        </ul>
        <LoadMore collection={attachments} />
      </CollectionStatus>

      <ConfirmDialog
        open={removing !== null}
        title={t("crm.leadDetail.attachments.removeTitle")}
        description={t("crm.leadDetail.attachments.removeConfirm", { name: removing?.file_name ?? "" })}
        confirm={t("crm.leadDetail.attachments.removeAction")}
        confirming={t("crm.leadDetail.attachments.removing")}
        onConfirm={remove}
        onCancel={() => setRemoving(null)}
      />
    </Flex>
  );
}

function AttachmentItem({ attachment, mayRemove, onRemove }: { attachment: AttachmentDto; mayRemove: boolean; onRemove: () => void }) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  const download = useWrite();

  // The link works by itself (the server names the file); with JavaScript the bytes come
  // through fetch so a failure can say so instead of opening an error page.
  const save = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    void download.run(
      async () => {
        saveFile(await fetchAttachment(attachment.id), attachment.file_name);
      },
      { failure: "crm.leadDetail.attachments.downloadFailed" },
    );
  };

  return (
    <li className="flex items-center gap-3 rounded-md p-3" style={{ background: "var(--gray-a2)", border: "1px solid var(--gray-a5)" }}>
      <FileIcon aria-hidden className="shrink-0" />
      <Flex direction="column" className="min-w-0 flex-1">
        <Link
          href={attachmentUrl(attachment.id)}
          download={attachment.file_name}
          onClick={save}
          size="2"
          weight="medium"
          className="break-all"
          aria-busy={download.busy || undefined}
          title={t("crm.leadDetail.attachments.download", { name: attachment.file_name })}
        >
          <DownloadIcon aria-hidden className="mr-1 inline align-[-2px]" />
          {attachment.file_name}
        </Link>
        <Text size="1" color="gray">
          {formatFileSize(attachment.file_size, language)}
          {" · "}
          {t("crm.leadDetail.attachments.uploadedBy", { name: attachment.uploader?.name ?? t("crm.leadDetail.history.system") })}
          {" · "}
          <time dateTime={attachment.created_at}>{formatDateTime(attachment.created_at, language, timeZone)}</time>
        </Text>
      </Flex>
      {mayRemove && (
        <IconButton
          variant="ghost"
          color="red"
          aria-label={t("crm.leadDetail.attachments.remove", { name: attachment.file_name })}
          onClick={onRemove}
        >
          <TrashIcon aria-hidden />
        </IconButton>
      )}
    </li>
  );
}
