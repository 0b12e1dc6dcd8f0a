import { MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Avatar, Button, Dialog, Flex, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState, type RefObject } from "react";
import { useToast } from "~/components/ui/toaster";
import { useI18n } from "~/i18n/react";
import { apiClient, call } from "~/modules/crm/api-client";
import { describeError } from "~/modules/crm/submit-failure";
import { loadAssignableUsers } from "~/modules/tasks/assignable-users";
import type { AssignableUserDto, ChatChannelDto } from "@worker/services/crm-types";
import { initialOf } from "./chat-messages.ts";

type RowState = "adding" | "added" | "member";

/**
 * 'Adicionar membros' of a private channel (its creator only; the server checks it too): the
 * active users, searchable by name or e-mail, each with 'Adicionar'. Adding someone already in
 * the channel says so ('Já é membro') instead of failing.
 */
export function AddMembersDialog({
  channel,
  me,
  onOpenChange,
  onAdded,
  returnFocusTo,
}: {
  channel: ChatChannelDto;
  me: string;
  onOpenChange: (open: boolean) => void;
  onAdded: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const { t } = useI18n();
  const toast = useToast();
  const [users, setUsers] = useState<AssignableUserDto[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [query, setQuery] = useState("");
  const [rows, setRows] = useState<Record<string, RowState>>({});

  useEffect(() => {
    let live = true;
    loadAssignableUsers().then(
      (list) => live && setUsers(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  const needle = query.trim().toLocaleLowerCase();
  const shown = (users ?? []).filter(
    (u) => !needle || u.name.toLocaleLowerCase().includes(needle) || u.email.toLocaleLowerCase().includes(needle),
  );

  const add = async (user: AssignableUserDto) => {
    setRows((current) => ({ ...current, [user.id]: "adding" }));
    try {
      const { member } = await call(
        apiClient.chat.channels[":id"].members.$post({ param: { id: channel.id }, json: { user_id: user.id } }),
      );
      setRows((current) => ({ ...current, [user.id]: member.added ? "added" : "member" }));
      if (member.added) {
        toast({ title: t("crm.teamChat.toasts.memberAdded", { name: user.name }), variant: "success" });
        onAdded();
      }
    } catch (error) {
      setRows((current) => {
        const next = { ...current };
        delete next[user.id];
        return next;
      });
      toast({ title: t("crm.teamChat.toasts.memberFailed"), description: describeError(error, t), variant: "destructive" });
    }
  };

  return (
    <Dialog.Root open onOpenChange={onOpenChange}>
      <Dialog.Content
        maxWidth="480px"
        data-testid="chat-members-dialog"
        onCloseAutoFocus={(event) => {
          const target = returnFocusTo.current;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      >
        <Dialog.Title>{t("crm.teamChat.membersDialog.title", { channel: channel.name })}</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {t("crm.teamChat.membersDialog.description")}
        </Dialog.Description>
        <TextField.Root
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={t("crm.teamChat.membersDialog.searchPlaceholder")}
          aria-label={t("crm.teamChat.membersDialog.search")}
          maxLength={100}
          autoFocus
          data-testid="chat-members-search"
        >
          <TextField.Slot>
            <MagnifyingGlassIcon aria-hidden />
          </TextField.Slot>
        </TextField.Root>
        <div className="mt-3 max-h-80 overflow-y-auto" data-testid="chat-members-list">
          {failed ? (
            <Text size="2" color="red" role="alert">
              {t("crm.teamChat.membersDialog.loadFailed")}
            </Text>
          ) : !users ? (
            <Text size="2" color="gray" role="status">
              {t("crm.teamChat.membersDialog.loading")}
            </Text>
          ) : shown.length === 0 ? (
            <Text size="2" color="gray">
              {t("crm.teamChat.membersDialog.empty")}
            </Text>
          ) : (
            <ul className="flex flex-col gap-1">
              {shown.map((user) => {
                const state = user.id === me ? "member" : rows[user.id];
                return (
                  <li key={user.id} className="flex items-center gap-3 rounded-md px-2 py-2" data-testid="chat-member-row">
                    {/* Their photo, else their initial (decorative: the name follows). */}
                    <span aria-hidden className="shrink-0">
                      <Avatar size="2" radius="full" fallback={initialOf(user.name)} src={user.avatar_url ?? undefined} alt="" />
                    </span>
                    <div className="min-w-0 flex-1">
                      <Text as="p" size="2" weight="medium" truncate>
                        {user.name}
                      </Text>
                      <Text as="p" size="1" color="gray" truncate>
                        {user.email}
                      </Text>
                    </div>
                    {user.id === me ? (
                      <Text size="1" color="gray">
                        {t("crm.teamChat.membersDialog.you")}
                      </Text>
                    ) : state === "added" || state === "member" ? (
                      <Text size="1" color="green" data-testid="chat-member-state">
                        {state === "added" ? t("crm.teamChat.membersDialog.added") : t("crm.teamChat.membersDialog.alreadyMember")}
                      </Text>
                    ) : (
                      <Button
                        size="1"
                        variant="soft"
                        loading={state === "adding"}
                        onClick={() => void add(user)}
                        aria-label={t("crm.teamChat.membersDialog.addLabel", { name: user.name })}
                        data-testid="chat-member-add"
                      >
                        {t("crm.teamChat.membersDialog.add")}
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button type="button" variant="surface" color="gray" highContrast>
              {t("crm.shared.actions.close")}
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}
