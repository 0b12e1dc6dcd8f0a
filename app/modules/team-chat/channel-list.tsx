import { PlusIcon } from "@radix-ui/react-icons";
import { LockClosedIcon } from "./chat-icons";
import { Flex, IconButton, Text, Tooltip } from "@radix-ui/themes";
import type { RefObject } from "react";
import { Link } from "react-router";
import { pluralForm } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import type { ChatChannelDto } from "@worker/services/crm-types";
import { badgeText } from "./unread-store.ts";

type Props = {
  channels: ChatChannelDto[];
  openId: string | null;
  unread: (channelId: string) => number;
  onCreate: () => void;
  createButtonRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The channels (newest first, as the server lists them): '#' or a lock for a private one, the
 * unread badge ('99+' at most), the open one marked. Plain links (`?channel=<id>`), so a
 * channel can be opened in a new tab, shared and reloaded.
 */
export function ChannelList({ channels, openId, unread, onCreate, createButtonRef }: Props) {
  const { t, language } = useI18n();
  const count = channels.length;
  return (
    <section aria-labelledby="chat-channels-heading" className="flex h-full min-h-0 flex-col" data-testid="chat-channels">
      <Flex align="center" justify="between" gap="2" px="4" py="3" className="shrink-0 border-b" style={{ borderColor: "var(--gray-a5)" }}>
        <div className="min-w-0">
          <Text as="p" size="3" weight="bold" id="chat-channels-heading">
            {t("crm.teamChat.channels.heading")}
          </Text>
          <Text as="p" size="1" color="gray" data-testid="chat-channel-count">
            {/* "0 canais": CLDR puts 0 with "one" in Portuguese; the list reads it as a plural. */}
            {t(`crm.teamChat.channels.count.${count === 0 ? "other" : pluralForm(language, count)}`, { count })}
          </Text>
        </div>
        <Tooltip content={t("crm.teamChat.channels.create")}>
          <IconButton
            ref={createButtonRef}
            variant="soft"
            onClick={onCreate}
            aria-label={t("crm.teamChat.channels.create")}
            data-testid="chat-create-channel"
          >
            <PlusIcon />
          </IconButton>
        </Tooltip>
      </Flex>
      {count === 0 ? (
        <Flex align="center" justify="center" p="5" className="flex-1">
          <Text color="gray" size="2" align="center" data-testid="chat-no-channels">
            {t("crm.teamChat.channels.empty")}
          </Text>
        </Flex>
      ) : (
        <ul className="min-h-0 flex-1 overflow-y-auto p-2" data-testid="chat-channel-list">
          {channels.map((channel) => {
            const current = channel.id === openId;
            const unreadCount = unread(channel.id);
            return (
              <li key={channel.id}>
                <Link
                  to={`?channel=${encodeURIComponent(channel.id)}`}
                  preventScrollReset
                  aria-current={current ? "page" : undefined}
                  data-testid="chat-channel"
                  data-channel-id={channel.id}
                  className="flex min-h-11 items-center gap-2 rounded-md px-3 py-2 text-sm no-underline outline-offset-2 transition-colors hover:bg-[var(--gray-a3)] focus-visible:outline-2"
                  style={current ? { background: "var(--accent-a4)", color: "var(--accent-12)" } : { color: "var(--gray-12)" }}
                >
                  {channel.is_private ? (
                    <LockClosedIcon
                      aria-hidden
                      className="shrink-0"
                      data-testid="chat-channel-private"
                      style={{ color: "var(--gray-11)" }}
                    />
                  ) : (
                    <span aria-hidden className="w-[15px] shrink-0 text-center font-semibold" style={{ color: "var(--gray-11)" }}>
                      #
                    </span>
                  )}
                  <span
                    className="min-w-0 flex-1 truncate"
                    style={{ fontWeight: unreadCount > 0 ? 700 : 500 }}
                    data-testid="chat-channel-name"
                  >
                    {channel.name}
                  </span>
                  {channel.is_private ? <span className="sr-only">{`(${t("crm.teamChat.channels.private")})`}</span> : null}
                  {unreadCount > 0 ? (
                    <span
                      className="unread-badge min-w-5 shrink-0 rounded-full px-1.5 text-center text-xs font-semibold leading-5"
                      data-testid="chat-unread"
                      data-count={badgeText(unreadCount)}
                    >
                      <span aria-hidden>{badgeText(unreadCount)}</span>
                      <span className="sr-only">
                        {t(`crm.teamChat.channels.unread.${pluralForm(language, unreadCount)}`, { count: unreadCount })}
                      </span>
                    </span>
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
