import { Avatar, Button, Flex, Text } from "@radix-ui/themes";
import { TrashIcon, UploadIcon } from "@radix-ui/react-icons";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { useRevalidator } from "react-router";
import { useI18n } from "~/i18n/react";
import { useToast } from "~/components/ui/toaster";
import type { Profile } from "~/modules/auth/auth-context";
import { apiClient, call, OfflineError } from "~/modules/crm/api-client";

/** As the server checks (worker/services/avatar-service.ts); the type is decided there, by the bytes. */
const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const AVATAR_ACCEPT = "image/png,image/jpeg,image/webp";

/**
 * Settings → Perfil's photo: the image (else the initial), 'Alterar foto' (a button that
 * opens the file picker, so the keyboard reaches it like any button) and 'Remover foto'.
 * POST/DELETE /api/users/me/avatar; the new image shows here at once and, after the frame
 * reads the profile again, in the sidebar's user card and the user menu.
 */
export function AvatarField({ profile }: { profile: Profile }) {
  const { t } = useI18n();
  const toast = useToast();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState<"upload" | "remove" | null>(null);
  // What this field last saved (`url`), shown while the frame's profile still has what it had
  // then (`base`); once the frame has read the profile again, its value shows.
  const [saved, setSaved] = useState<{ base: string | null; url: string | null } | null>(null);
  const url = saved && saved.base === profile.avatarUrl ? saved.url : profile.avatarUrl;

  const failed = (title: "uploadFailed" | "removeFailed", error: unknown) =>
    toast({
      title: t(`crm.settings.profile.photo.${title}`),
      description: error instanceof OfflineError ? t("crm.shared.offline") : error instanceof Error ? error.message : undefined,
      variant: "destructive",
    });

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file || busy) return;
    if (file.size > AVATAR_MAX_BYTES) {
      toast({
        title: t("crm.settings.profile.photo.uploadFailed"),
        description: t("crm.settings.profile.photo.tooLarge"),
        variant: "destructive",
      });
      return;
    }
    setBusy("upload");
    try {
      const form = new FormData();
      form.append("file", file);
      const answer = await call(apiClient.users.me.avatar.$post(undefined, { init: { body: form } }));
      setSaved({ base: profile.avatarUrl, url: answer.profile.avatarUrl });
      toast({ title: t("crm.settings.profile.photo.uploaded") });
      void revalidator.revalidate();
    } catch (error) {
      failed("uploadFailed", error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    if (busy) return;
    setBusy("remove");
    try {
      await call(apiClient.users.me.avatar.$delete());
      setSaved({ base: profile.avatarUrl, url: null });
      toast({ title: t("crm.settings.profile.photo.removed") });
      void revalidator.revalidate();
    } catch (error) {
      failed("removeFailed", error);
    } finally {
      setBusy(null);
    }
  };

  const initial = (profile.name.trim() || profile.email).charAt(0).toUpperCase();
  return (
    <Flex direction="column" align={{ initial: "start", sm: "center" }} gap="2" className="shrink-0">
      <Avatar
        size="6"
        radius="full"
        fallback={initial}
        src={url ?? undefined}
        alt=""
        color="indigo"
        data-testid="profile-avatar"
        data-avatar-url={url ?? ""}
      />
      <input
        ref={input}
        type="file"
        accept={AVATAR_ACCEPT}
        onChange={upload}
        hidden
        tabIndex={-1}
        aria-hidden
        data-testid="profile-avatar-input"
      />
      <Flex gap="2" wrap="wrap" justify={{ initial: "start", sm: "center" }}>
        <Button
          type="button"
          size="1"
          variant="soft"
          onClick={() => input.current?.click()}
          disabled={busy !== null}
          aria-describedby={hintId}
          data-testid="profile-avatar-change"
        >
          <UploadIcon aria-hidden />
          {busy === "upload" ? t("crm.settings.profile.photo.uploading") : t("crm.settings.profile.photo.change")}
        </Button>
        {url && (
          <Button
            type="button"
            size="1"
            variant="soft"
            color="red"
            onClick={remove}
            disabled={busy !== null}
            data-testid="profile-avatar-remove"
          >
            <TrashIcon aria-hidden />
            {busy === "remove" ? t("crm.settings.profile.photo.removing") : t("crm.settings.profile.photo.remove")}
          </Button>
        )}
      </Flex>
      <Text size="1" color="gray" id={hintId}>
        {t("crm.settings.profile.photo.hint")}
      </Text>
    </Flex>
  );
}
