import { ChatBubbleIcon, PersonIcon } from "@radix-ui/react-icons";
import { ArrowDownIcon, ChevronLeftIcon, LockClosedIcon, PaperPlaneIcon } from "./chat-icons";
import { Avatar, Button, Flex, IconButton, Text, TextArea } from "@radix-ui/themes";
import {
  Fragment,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from "react";
import { useToast } from "~/components/ui/toaster";
import { formatDate, formatTime } from "~/i18n/format-date";
import { pluralForm } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { apiClient, ApiClientError, call, OfflineError } from "~/modules/crm/api-client";
import { LiveStatus } from "~/modules/realtime/live-status";
import { CHAT_PARTY, channelRoomName, type ChatRoomEvent } from "~/modules/realtime/protocol";
import { useLiveRoom } from "~/modules/realtime/use-live-room";
import type { ChatChannelDto, ChatMessageDto, Page } from "@worker/services/crm-types";
import { initialOf, leavesGap, mergeMessages, resumeCursor, startsGroup } from "./chat-messages.ts";
import { EmojiPicker } from "./emoji-picker.tsx";
import { useOrg } from "~/modules/crm/org-settings";

/** Kept in step with the server's limit (worker/services/chat-service.ts MESSAGE_MAX). */
const MESSAGE_MAX = 4000;
/** Within this many pixels of the bottom, the reader is "at the newest" and follows new messages. */
const STICK_PX = 48;
/** Within this many pixels of the top, the older page loads. */
const OLDER_PX = 120;
/** Control characters the server refuses (line feed and tab are kept). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point; worker/lib/control-chars.ts is not client-safe (dependency-cruiser)
const FORBIDDEN_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

type Props = {
  channel: ChatChannelDto;
  page: Page<ChatMessageDto>;
  /** What was typed here before (the screen keeps a draft per channel). */
  draft?: string;
  onDraft?: (text: string) => void;
  /** Another channel is loading (the list was clicked). */
  pending: boolean;
  /** The newest seq shown (the list's unread counts). */
  onSeq: (seq: number) => void;
  onBack: () => void;
  /** Only for the creator of a private channel. */
  onAddMembers?: () => void;
  membersButtonRef: RefObject<HTMLButtonElement | null>;
};

/**
 * One channel: its name and description, the live state, the messages (oldest first; older
 * pages load on scrolling up, keeping the reader's place; new ones follow only a reader who is
 * at the bottom, others get a 'Novas mensagens' pill) and the composer (Enter sends, Shift+Enter
 * breaks the line). Messages are merged by id, so the POST's answer and the live event of the
 * same message show it once; after every (re)connection what was missed is fetched (?after=).
 */
export function MessagePane({ channel, page, draft = "", onDraft, pending, onSeq, onBack, onAddMembers, membersButtonRef }: Props) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  const toast = useToast();
  const [messages, setMessages] = useState<ChatMessageDto[]>(page.items);
  const held = useRef(messages);
  const [olderCursor, setOlderCursor] = useState<string | null>(page.next_cursor);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [text, setText] = useState(draft);
  const onDraftRef = useRef(onDraft);
  onDraftRef.current = onDraft;
  useEffect(() => {
    onDraftRef.current?.(text);
  }, [text]);
  const [sending, setSending] = useState(false);
  const [unseenBelow, setUnseenBelow] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const atBottom = useRef(true);
  /** Set just before an older page is merged: where the reader was, to stay there. */
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  /** The newest message already laid out, and whether the next one should pull the view down. */
  const newestShown = useRef<string | null>(messages.at(-1)?.id ?? null);
  const followOwn = useRef(false);

  const merge = useCallback(
    (incoming: readonly ChatMessageDto[]) => {
      const mine = incoming.filter((m) => m.channel_id === channel.id);
      if (mine.length === 0) return;
      setMessages((current) => {
        const next = mergeMessages(current, mine);
        held.current = next;
        return next;
      });
    },
    [channel.id],
  );

  // The loader read the channel again (a revalidation): merge, never drop what is shown.
  const lastPage = useRef(page);
  useEffect(() => {
    if (lastPage.current === page) return;
    lastPage.current = page;
    merge(page.items);
  }, [page, merge]);

  const newestSeq = messages.at(-1)?.seq ?? 0;
  useEffect(() => {
    if (newestSeq) onSeq(newestSeq);
  }, [newestSeq, onSeq]);

  // Fetches everything after the last unbroken message, page after page; one run at a time
  // (a request during a run makes it go round once more).
  const backfilling = useRef(false);
  const again = useRef(false);
  const backfill = useCallback(async () => {
    if (backfilling.current) {
      again.current = true;
      return;
    }
    backfilling.current = true;
    const messages = (query: { after?: string } = {}) =>
      call(apiClient.chat.channels[":id"].messages.$get({ param: { id: channel.id }, query }));
    try {
      do {
        again.current = false;
        let after = resumeCursor(held.current)?.id ?? null;
        if (!after) {
          const newest = await messages();
          merge(newest.items);
          setOlderCursor((current) => current ?? newest.next_cursor);
          continue;
        }
        for (;;) {
          const next: Page<ChatMessageDto> = await messages({ after });
          merge(next.items);
          if (!next.next_cursor) break;
          after = next.next_cursor;
        }
      } while (again.current);
    } catch {
      // Offline again: the next reconnection tries once more; what is shown stays.
    } finally {
      backfilling.current = false;
    }
  }, [channel.id, merge]);

  const status = useLiveRoom<ChatRoomEvent>({
    party: CHAT_PARTY,
    room: channelRoomName(channel.id),
    onEvent: (event) => {
      if (event.type !== "chat.message" || event.channel_id !== channel.id) return;
      const gap = leavesGap(held.current, event.message);
      merge([event.message]);
      if (gap) void backfill();
    },
    // Every open, the first too: what was posted between the page's load and the socket.
    onOpen: () => void backfill(),
  });

  const loadOlder = useCallback(async () => {
    if (!olderCursor || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const older = await call(apiClient.chat.channels[":id"].messages.$get({ param: { id: channel.id }, query: { before: olderCursor } }));
      const el = scroller.current;
      if (el) olderAnchor.current = { height: el.scrollHeight, top: el.scrollTop };
      merge(older.items);
      setOlderCursor(older.next_cursor);
    } catch (error) {
      toast({
        title: t("crm.shared.errorTitle"),
        description: error instanceof OfflineError ? t("crm.shared.offline") : t("crm.teamChat.toasts.loadFailed"),
        variant: "destructive",
      });
    } finally {
      setLoadingOlder(false);
    }
  }, [olderCursor, loadingOlder, channel.id, merge, toast, t]);

  // Layout after each change: keep the place after an older page; follow new messages only
  // when the reader is at the bottom (or just sent one); otherwise count them on the pill.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (olderAnchor.current) {
      const { height, top } = olderAnchor.current;
      olderAnchor.current = null;
      el.scrollTop = el.scrollHeight - height + top;
      return;
    }
    const newest = messages.at(-1);
    if (!newest || newest.id === newestShown.current) return;
    const previous = newestShown.current;
    newestShown.current = newest.id;
    if (previous === null || atBottom.current || followOwn.current) {
      followOwn.current = false;
      el.scrollTop = el.scrollHeight;
      atBottom.current = true;
      setUnseenBelow(0);
    } else {
      const before = messages.findIndex((m) => m.id === previous);
      setUnseenBelow((n) => n + (before >= 0 ? messages.length - 1 - before : 1));
    }
  }, [messages]);

  // First paint of the channel: the newest message in view.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  // A pane laid out while hidden (the phone shows the list first: display:none, scrollHeight
  // 0) or resized: a reader at the newest stays there once it has a size.
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current && el.clientHeight > 0) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
    if (atBottom.current && unseenBelow) setUnseenBelow(0);
    if (el.scrollTop <= OLDER_PX && olderCursor && !loadingOlder) void loadOlder();
  };

  const toNewest = () => {
    const el = scroller.current;
    if (!el) return;
    el.scrollTo({ top: el.scrollHeight });
    atBottom.current = true;
    setUnseenBelow(0);
  };

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const typed = text;
    const content = typed.replace(/\r\n?/g, "\n").replace(FORBIDDEN_CONTROL, "").trim();
    if (!content || sending) return;
    setSending(true);
    try {
      const { message } = await call(apiClient.chat.channels[":id"].messages.$post({ param: { id: channel.id }, json: { content } }));
      followOwn.current = true;
      merge([message]);
      // What was typed meanwhile stays.
      setText((current) => (current === typed ? "" : current));
    } catch (error) {
      const description =
        error instanceof OfflineError
          ? t("crm.teamChat.toasts.sendFailedOffline")
          : error instanceof ApiClientError && error.status === 400
            ? error.message
            : t("crm.teamChat.toasts.sendFailed");
      toast({ title: t("crm.shared.errorTitle"), description, variant: "destructive" });
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const insertEmoji = (emoji: string) => {
    const el = input.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = (text.slice(0, start) + emoji + text.slice(end)).slice(0, MESSAGE_MAX);
    setText(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const canSend = text.trim().length > 0 && !sending;
  const listId = `chat-messages-${channel.id}`;

  return (
    <section
      aria-labelledby="chat-channel-title"
      className="flex h-full min-h-0 flex-col"
      data-testid="chat-pane"
      data-channel-id={channel.id}
    >
      <Flex
        align="center"
        gap="2"
        px={{ initial: "2", sm: "4" }}
        py="3"
        className="shrink-0 border-b"
        style={{ borderColor: "var(--gray-a5)" }}
      >
        <IconButton
          variant="ghost"
          color="gray"
          onClick={onBack}
          aria-label={t("crm.teamChat.pane.back")}
          className="md:!hidden"
          data-testid="chat-back"
        >
          <ChevronLeftIcon width={20} height={20} />
        </IconButton>
        <div className="min-w-0 flex-1">
          <Flex align="center" gap="1">
            {channel.is_private ? <LockClosedIcon aria-hidden style={{ color: "var(--gray-11)" }} /> : null}
            <Text as="p" size="3" weight="bold" truncate id="chat-channel-title" data-testid="chat-channel-title">
              {channel.is_private ? channel.name : `#${channel.name}`}
              {channel.is_private ? <span className="sr-only">{` (${t("crm.teamChat.channels.private")})`}</span> : null}
            </Text>
          </Flex>
          {channel.description ? (
            <Text as="p" size="1" color="gray" truncate data-testid="chat-channel-description">
              {channel.description}
            </Text>
          ) : null}
        </div>
        <LiveStatus status={status} className="shrink-0" />
        {channel.is_private ? (
          <Text size="1" color="gray" className="hidden shrink-0 items-center gap-1 sm:flex" data-testid="chat-member-count">
            <PersonIcon aria-hidden />
            {t(`crm.teamChat.pane.members.${pluralForm(language, channel.member_count)}`, { count: channel.member_count })}
          </Text>
        ) : null}
        {onAddMembers ? (
          <Button ref={membersButtonRef} size="1" variant="soft" onClick={onAddMembers} className="shrink-0" data-testid="chat-add-members">
            <PersonIcon aria-hidden />
            <span className="max-sm:sr-only">{t("crm.teamChat.pane.addMembers")}</span>
          </Button>
        ) : null}
      </Flex>

      <div className="relative min-h-0 flex-1">
        <div
          ref={scroller}
          onScroll={onScroll}
          className={`h-full overflow-y-auto overflow-x-hidden px-3 py-3 transition-opacity sm:px-4 ${pending ? "opacity-60" : ""}`}
          data-testid="chat-scroller"
          tabIndex={0}
          role="region"
          aria-label={t("crm.teamChat.pane.messagesLabel", { channel: channel.name })}
        >
          <Flex justify="center" py="2">
            {loadingOlder ? (
              <Text size="1" color="gray" role="status" data-testid="chat-loading-older">
                {t("crm.teamChat.pane.loadingOlder")}
              </Text>
            ) : olderCursor ? (
              <Button size="1" variant="ghost" onClick={() => void loadOlder()} data-testid="chat-load-older">
                {t("crm.teamChat.pane.loadOlder")}
              </Button>
            ) : messages.length > 0 ? (
              <Text size="1" color="gray" data-testid="chat-history-start">
                {t("crm.teamChat.pane.historyStart", { channel: channel.name })}
              </Text>
            ) : null}
          </Flex>
          {messages.length === 0 ? (
            <Flex direction="column" align="center" gap="2" py="6" data-testid="chat-no-messages">
              <ChatBubbleIcon aria-hidden width={28} height={28} style={{ color: "var(--gray-9)" }} />
              <Text size="2" color="gray" align="center">
                {t("crm.teamChat.pane.noMessages")}
              </Text>
            </Flex>
          ) : (
            <div role="log" aria-live="polite" aria-relevant="additions">
              <ol id={listId} className="flex flex-col gap-3" data-testid="chat-messages">
                {messages.map((message, index) => {
                  const day = formatDate(message.created_at, language, timeZone);
                  const newDay = index === 0 || formatDate(messages[index - 1]!.created_at, language, timeZone) !== day;
                  return (
                    <Fragment key={message.id}>
                      {newDay ? (
                        <li aria-hidden className="flex items-center gap-3 py-1 text-xs" style={{ color: "var(--gray-11)" }}>
                          <span className="h-px flex-1" style={{ background: "var(--gray-a5)" }} />
                          {day}
                          <span className="h-px flex-1" style={{ background: "var(--gray-a5)" }} />
                        </li>
                      ) : null}
                      <MessageItem
                        message={message}
                        grouped={!newDay && !startsGroup(messages[index - 1], message)}
                        language={language}
                        timeZone={timeZone}
                        unknownAuthor={t("crm.teamChat.pane.unknownAuthor")}
                      />
                    </Fragment>
                  );
                })}
              </ol>
            </div>
          )}
        </div>
      </div>

      {unseenBelow > 0 ? (
        <div className="flex shrink-0 justify-center py-1.5">
          <Button size="1" radius="full" onClick={toNewest} data-testid="chat-new-messages">
            <ArrowDownIcon aria-hidden />
            {t("crm.teamChat.pane.newMessages", { count: unseenBelow })}
          </Button>
        </div>
      ) : null}

      <form onSubmit={send} className="shrink-0 border-t p-2 sm:p-3" style={{ borderColor: "var(--gray-a5)" }} data-testid="chat-composer">
        <Flex align="end" gap="2">
          <EmojiPicker onPick={insertEmoji} />
          <TextArea
            ref={input}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t("crm.teamChat.pane.placeholder", { channel: channel.name })}
            aria-label={t("crm.teamChat.pane.placeholder", { channel: channel.name })}
            aria-describedby="chat-send-hint"
            maxLength={MESSAGE_MAX}
            rows={1}
            resize="none"
            className="!min-h-10 min-w-0 flex-1 [&_textarea]:max-h-40 [&_textarea]:[field-sizing:content]"
            data-testid="chat-input"
          />
          <IconButton
            type="submit"
            size="3"
            disabled={!canSend}
            loading={sending}
            aria-label={t("crm.teamChat.pane.send")}
            data-testid="chat-send"
          >
            <PaperPlaneIcon />
          </IconButton>
        </Flex>
        <span id="chat-send-hint" className="sr-only">
          {t("crm.teamChat.pane.sendHint")}
        </span>
      </form>
    </section>
  );
}

/**
 * One message. `grouped`: it follows the same author's previous one within a few minutes, so
 * the avatar and name are not repeated (the name stays for screen readers) and the time sits
 * in the avatar's column.
 */
function MessageItem({
  message,
  grouped,
  language,
  timeZone,
  unknownAuthor,
}: {
  message: ChatMessageDto;
  grouped: boolean;
  language: Parameters<typeof formatTime>[1];
  timeZone: string;
  unknownAuthor: string;
}) {
  const author = message.author_name ?? unknownAuthor;
  const time = (
    <time dateTime={message.created_at} data-testid="chat-message-time">
      {formatTime(message.created_at, language, timeZone)}
    </time>
  );
  if (grouped) {
    return (
      <li className="-mt-2 flex gap-3" data-testid="chat-message" data-grouped="" data-message-id={message.id} data-seq={message.seq}>
        <span className="w-8 shrink-0 pt-0.5 text-right text-[10px] leading-5 tabular-nums" style={{ color: "var(--gray-11)" }}>
          {time}
        </span>
        <div className="min-w-0 flex-1">
          <span className="sr-only" data-testid="chat-message-author">
            {author}
          </span>
          <Text as="p" size="2" className="whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="chat-message-text">
            {message.content}
          </Text>
        </div>
      </li>
    );
  }
  return (
    <li className="flex gap-3" data-testid="chat-message" data-message-id={message.id} data-seq={message.seq}>
      {/* The author's photo, else their initial (decorative: the name follows). */}
      <span aria-hidden className="shrink-0">
        <Avatar
          size="2"
          radius="full"
          fallback={initialOf(message.author_name)}
          src={message.author_avatar_url ?? undefined}
          alt=""
          data-testid="chat-message-avatar"
        />
      </span>
      <div className="min-w-0 flex-1">
        <Flex align="baseline" gap="2" wrap="wrap">
          <Text size="2" weight="bold" data-testid="chat-message-author">
            {author}
          </Text>
          <Text size="1" color="gray">
            {time}
          </Text>
        </Flex>
        {/* Text, never HTML: React escapes it; pre-wrap keeps the line breaks. */}
        <Text as="p" size="2" className="whitespace-pre-wrap [overflow-wrap:anywhere]" data-testid="chat-message-text">
          {message.content}
        </Text>
      </div>
    </li>
  );
}

/** No channel open: 'Bem-vindo ao Chat' (or the channel of the URL cannot be opened). */
export function WelcomePane({ missing, onBack }: { missing: boolean; onBack?: () => void }) {
  const { t } = useI18n();
  return (
    <Flex direction="column" align="center" justify="center" gap="3" p="6" className="h-full" data-testid="chat-welcome">
      {onBack ? (
        <IconButton
          variant="ghost"
          color="gray"
          onClick={onBack}
          aria-label={t("crm.teamChat.pane.back")}
          className="self-start md:!hidden"
          data-testid="chat-back"
        >
          <ChevronLeftIcon width={20} height={20} />
        </IconButton>
      ) : null}
      <ChatBubbleIcon aria-hidden width={40} height={40} style={{ color: "var(--gray-9)" }} />
      <Text as="p" size="5" weight="bold" align="center">
        {t("crm.teamChat.pane.welcomeTitle")}
      </Text>
      <Text as="p" color="gray" align="center">
        {t("crm.teamChat.pane.welcomeText")}
      </Text>
      {missing ? (
        <Text as="p" size="2" color="red" align="center" role="status" data-testid="chat-missing">
          {t("crm.teamChat.pane.notFound")}
        </Text>
      ) : null}
    </Flex>
  );
}
