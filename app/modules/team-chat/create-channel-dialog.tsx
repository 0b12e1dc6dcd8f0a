import { Button, Dialog, Flex, Switch, Text, TextArea, TextField } from "@radix-ui/themes";
import { useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { useI18n } from "~/i18n/react";
import { apiClient, call } from "~/modules/crm/api-client";
import { fieldMessages, useSubmitFailure } from "~/modules/crm/submit-failure";
import type { ChatChannelDto } from "@worker/services/crm-types";

type Field = "name" | "description" | "is_private";
type Errors = Partial<Record<Field, string>>;
const FIELDS: Field[] = ["name", "description", "is_private"];

/** Kept in step with the server's limits (worker/services/chat-service.ts). */
const NAME_MAX = 80;
const DESCRIPTION_MAX = 500;

/**
 * 'Criar Novo Canal' (crm.md §2, §5): Nome do Canal (required, trimmed), Descrição (opcional;
 * empty is stored as null), 'Canal Privado', Cancelar and 'Criar Canal' ('Criando...'),
 * disabled while the name is empty or while saving. The server's messages show under their
 * fields and in a toast; offline, what was typed stays.
 */
export function CreateChannelDialog({
  onOpenChange,
  onCreated,
  returnFocusTo,
}: {
  onOpenChange: (open: boolean) => void;
  onCreated: (channel: ChatChannelDto) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useI18n();
  const failed = useSubmitFailure();
  const ids = useId();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [isPrivate, setIsPrivate] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const created = useRef(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!name.trim()) {
      setErrors({ name: t("crm.teamChat.createDialog.nameRequired") });
      nameInput.current?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const { channel } = await call(
        apiClient.chat.channels.$post({
          json: { name: name.trim(), description: description.trim() ? description.trim() : null, is_private: isPrivate },
        }),
      );
      created.current = true;
      onCreated(channel);
    } catch (error) {
      setSaving(false);
      failed(error, {
        title: t("crm.teamChat.toasts.createFailed"),
        unexpected: t("crm.teamChat.toasts.createFailed"),
        onRefused: (refusal) => setErrors(fieldMessages(refusal, FIELDS)),
      });
    }
  };

  const field = (f: Field) => `${ids}-${f}`;
  const errorId = (f: Field) => `${ids}-${f}-error`;

  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth="480px"
        data-testid="chat-create-dialog"
        onCloseAutoFocus={(event) => {
          // After creating, the focus goes to the new channel's composer (the page does it).
          const target = returnFocusTo.current;
          if (created.current) {
            event.preventDefault();
            document.querySelector<HTMLElement>("[data-testid=chat-input] textarea, textarea[data-testid=chat-input]")?.focus();
          } else if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <Dialog.Title>{t("crm.teamChat.createDialog.title")}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          {t("crm.teamChat.createDialog.description")}
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="4">
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={field("name")} size="2" weight="medium">
                {t("crm.teamChat.createDialog.name")}
                <Text color="red" aria-hidden="true">
                  {" *"}
                </Text>
              </Text>
              <TextField.Root
                ref={nameInput}
                id={field("name")}
                value={name}
                onChange={(event) => setName(event.target.value)}
                placeholder={t("crm.teamChat.createDialog.namePlaceholder")}
                maxLength={NAME_MAX}
                aria-required
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={errors.name ? errorId("name") : undefined}
                autoFocus
                data-testid="chat-channel-name-input"
              />
              {errors.name ? (
                <Text id={errorId("name")} size="1" color="red" role="alert">
                  {errors.name}
                </Text>
              ) : null}
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" htmlFor={field("description")} size="2" weight="medium">
                {t("crm.teamChat.createDialog.details")}
              </Text>
              <TextArea
                id={field("description")}
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                placeholder={t("crm.teamChat.createDialog.detailsPlaceholder")}
                maxLength={DESCRIPTION_MAX}
                rows={3}
                aria-invalid={errors.description ? true : undefined}
                aria-describedby={errors.description ? errorId("description") : undefined}
                data-testid="chat-channel-description-input"
              />
              {errors.description ? (
                <Text id={errorId("description")} size="1" color="red" role="alert">
                  {errors.description}
                </Text>
              ) : null}
            </Flex>
            <Flex direction="column" gap="1">
              <Text as="label" size="2" weight="medium">
                <Flex gap="2" align="center">
                  <Switch
                    checked={isPrivate}
                    onCheckedChange={setIsPrivate}
                    aria-describedby={`${ids}-private-hint`}
                    data-testid="chat-channel-private-switch"
                  />
                  {t("crm.teamChat.createDialog.private")}
                </Flex>
              </Text>
              <Text id={`${ids}-private-hint`} size="1" color="gray">
                {t("crm.teamChat.createDialog.privateHint")}
              </Text>
            </Flex>
          </Flex>
          <Flex gap="3" mt="5" justify="end">
            <Dialog.Close>
              <Button type="button" variant="surface" color="gray" highContrast>
                {t("crm.shared.actions.cancel")}
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={!name.trim() || saving} data-testid="chat-channel-submit">
              {saving ? t("crm.teamChat.createDialog.submitting") : t("crm.teamChat.createDialog.submit")}
            </Button>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
