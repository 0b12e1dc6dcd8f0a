/* eslint-disable react-hooks/refs, react-hooks/set-state-in-effect -- the open channel and the per-channel drafts live in refs on purpose (a draft in state would re-render the whole screen on each keystroke) and are read while rendering; making them state is a redesign of this screen, not a lint fix */
import { Flex, Heading, Text } from "@radix-ui/themes";
import { Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useNavigate, useNavigation } from "react-router";
import { useToast } from "~/components/ui/toaster";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import { apiClient, call } from "~/modules/crm/api-client";
import { TEAM_PARTY, TEAM_ROOM, USER_PARTY, userRoomName, type ServerEvent } from "~/modules/realtime/protocol";
import { useLiveRoom } from "~/modules/realtime/use-live-room";
import type { ChatChannelDto, ChatMessageDto, Page } from "@worker/services/crm-types";
import { ChannelList } from "./channel-list.tsx";
import { MessagePane, WelcomePane } from "./message-pane.tsx";
import { isSeenKey, readSeen, unreadOf, writeSeen, type SeenMap } from "./unread-store.ts";
import { lazyChunk } from "~/components/lazy-chunk";

// Dialogs load when first opened.
const CreateChannelDialog = lazyChunk(() => import("./create-channel-dialog.tsx").then((m) => ({ default: m.CreateChannelDialog })));
const AddMembersDialog = lazyChunk(() => import("./add-members-dialog.tsx").then((m) => ({ default: m.AddMembersDialog })));

type TeamChatData = {
  channels: ChatChannelDto[];
  /** The channel the URL names (`?channel=`); null when none is named (the first is open). */
  requested: string | null;
  openId: string | null;
  page: Page<ChatMessageDto> | null;
  /** The URL names a channel that does not exist or the viewer may not read. */
  missing: boolean;
  /** A channel change could not reach the server: this is the screen shown before. */
  offline?: true;
};

/**
 * The internal chat (crm.md §2 Chat screen, §4 Chat): the channel list with unread
 * counts (live from the team room for public channels and the viewer's own room for private
 * ones, remembered per channel in localStorage), the open channel (`?channel=<id>`, else the
 * first) with its live messages, and the create-channel and add-members dialogs. Below md the
 * list and the pane take turns: the list, then the pane of the channel chosen, with a back button.
 */
export function TeamChatScreen({ data }: { data: TeamChatData }) {
  const { t } = useI18n();
  const toast = useToast();
  const { profile } = useAuth();
  const me = profile?.id ?? "";
  const navigate = useNavigate();
  const navigation = useNavigation();

  // Channels created here show at once (the loader's list has them after the navigation).
  const [created, setCreated] = useState<ChatChannelDto[]>([]);
  // The list read again live (a new channel, one we were added to, a reconnection): only the
  // list, never the loader, so the open channel and what is typed in it stay. It holds until
  // the loader reads the list again (a navigation).
  const [reloaded, setReloaded] = useState<{ base: ChatChannelDto[]; list: ChatChannelDto[] } | null>(null);
  const listed = reloaded && reloaded.base === data.channels ? reloaded.list : data.channels;
  const channels = [...created.filter((c) => !listed.some((d) => d.id === c.id)), ...listed];

  // The open channel never changes by itself: with no ?channel the first one opens, and it
  // stays open when a later read of the loader finds another channel first.
  const kept = useRef<{ openId: string | null; page: Page<ChatMessageDto> | null; requested: string | null } | null>(null);
  let openId = data.openId;
  let openPage = data.page;
  const previous = kept.current;
  if (
    data.requested === null &&
    previous?.requested === null &&
    previous.openId &&
    previous.page &&
    previous.openId !== data.openId &&
    channels.some((c) => c.id === previous.openId)
  ) {
    openId = previous.openId;
    openPage = previous.page;
  }
  useEffect(() => {
    kept.current = { openId, page: openPage, requested: data.requested };
  });
  const open = channels.find((c) => c.id === openId) ?? null;

  // What was typed per channel, kept while the screen is up (switching channels keeps drafts).
  const drafts = useRef(new Map<string, string>());

  // The newest seq known per channel: the loader's last_seq, raised by live activity.
  const [lastSeq, setLastSeq] = useState<Record<string, number>>(() => Object.fromEntries(data.channels.map((c) => [c.id, c.last_seq])));
  const raiseLastSeq = useCallback((channelId: string, seq: number) => {
    setLastSeq((current) => ((current[channelId] ?? 0) >= seq ? current : { ...current, [channelId]: seq }));
  }, []);
  useEffect(() => {
    for (const channel of listed) raiseLastSeq(channel.id, channel.last_seq);
  }, [listed, raiseLastSeq]);

  // What the viewer has seen per channel (null until read from storage after hydration).
  const [seen, setSeen] = useState<SeenMap | null>(null);
  const markSeen = useCallback((channelId: string, seq: number) => {
    setSeen((current) => (!current || (current[channelId] ?? 0) >= seq ? current : { ...current, [channelId]: seq }));
  }, []);
  const firstChannels = useRef(data.channels);
  useEffect(() => {
    if (!me) return;
    // First visit: everything there is counts as read; later, a channel never seen is all unread.
    setSeen(readSeen(me) ?? Object.fromEntries(firstChannels.current.map((c) => [c.id, c.last_seq])));
    const onStorage = (event: StorageEvent) => {
      if (!isSeenKey(event.key, me)) return;
      const other = readSeen(me);
      if (!other) return;
      setSeen((current) => {
        if (!current) return other;
        let next: SeenMap | null = null;
        for (const [id, seq] of Object.entries(other)) {
          if ((current[id] ?? 0) < seq) (next ??= { ...current })[id] = seq;
        }
        return next ?? current;
      });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [me]);
  useEffect(() => {
    if (seen && me) writeSeen(me, seen);
  }, [seen, me]);

  // The open channel is read as it grows.
  const openLast = open ? (lastSeq[open.id] ?? 0) : 0;
  useEffect(() => {
    if (open && seen) markSeen(open.id, openLast);
  }, [open, openLast, seen, markSeen]);

  // Live activity of the channels: public ones through the team room, private ones through
  // the viewer's own room. A channel not in the list (new, or we were just added) reloads it.
  const known = useRef(new Set<string>());
  useLayoutEffect(() => {
    known.current = new Set(channels.map((c) => c.id));
  });
  const reloadTimer = useRef<number | undefined>(undefined);
  const currentBase = useRef(data.channels);
  useLayoutEffect(() => {
    currentBase.current = data.channels;
  });
  const reloadList = useCallback(async () => {
    const base = currentBase.current;
    try {
      const { channels: list } = await call(apiClient.chat.channels.$get());
      setReloaded({ base, list });
    } catch {
      // Offline: the next reconnection reads it again.
    }
  }, []);
  const reloadSoon = useCallback(() => {
    window.clearTimeout(reloadTimer.current);
    reloadTimer.current = window.setTimeout(() => void reloadList(), 300);
  }, [reloadList]);
  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);
  const onActivity = (event: ServerEvent) => {
    // A channel we may now see (a new public one, or we were added to a private one).
    if (event.type === "chat.channel") {
      if (!known.current.has(event.channel_id)) reloadSoon();
      return;
    }
    if (event.type !== "chat.activity") return;
    raiseLastSeq(event.channel_id, event.seq);
    // Our own message (from this tab or another) is read.
    if (event.user_id === me) markSeen(event.channel_id, event.seq);
    if (!known.current.has(event.channel_id)) reloadSoon();
  };
  // Each time a room's socket opens, the first time too, the list is read again: a channel
  // created (or a membership added) between the page's read and the socket's opening has no
  // event left to bring it. Both sockets opening together read it once (reloadSoon waits 300 ms).
  useLiveRoom({ party: TEAM_PARTY, room: me ? TEAM_ROOM : null, onEvent: onActivity, onOpen: reloadSoon });
  useLiveRoom({ party: USER_PARTY, room: me ? userRoomName(me) : null, onEvent: onActivity, onOpen: reloadSoon });

  // Offline, a channel change keeps the screen and says so.
  const offlineToasted = useRef<unknown>(null);
  useEffect(() => {
    if (!data.offline || offlineToasted.current === data) return;
    offlineToasted.current = data;
    toast({ title: t("crm.shared.offline"), variant: "destructive" });
  }, [data, t, toast]);

  const [dialog, setDialog] = useState<"create" | "members" | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);
  const membersButton = useRef<HTMLButtonElement>(null);

  const channelCreated = (channel: ChatChannelDto) => {
    setCreated((current) => [channel, ...current]);
    raiseLastSeq(channel.id, 0);
    markSeen(channel.id, 0);
    setDialog(null);
    toast({ title: t("crm.teamChat.toasts.created"), variant: "success" });
    void navigate(`?channel=${encodeURIComponent(channel.id)}`, { preventScrollReset: true });
  };

  // Which channel is on its way (a click in the list): highlighted before its messages arrive.
  const pendingId =
    navigation.state === "loading" && navigation.location.pathname === "/chat"
      ? new URLSearchParams(navigation.location.search).get("channel")
      : null;
  const showPane = Boolean(data.requested);

  return (
    <Flex direction="column" gap="3" className="mx-auto w-full max-w-6xl" data-testid="team-chat">
      <Heading as="h2" size="6" className="sr-only">
        {t("crm.titles.chat")}
      </Heading>
      <div
        className="grid h-[calc(100dvh-5rem)] min-h-[26rem] overflow-hidden rounded-lg border sm:h-[calc(100dvh-6rem)] md:grid-cols-[17rem_minmax(0,1fr)]"
        style={{ background: "var(--color-panel-solid)", borderColor: "var(--gray-a5)" }}
      >
        <div className={`min-h-0 min-w-0 md:border-r ${showPane ? "max-md:hidden" : ""}`} style={{ borderColor: "var(--gray-a5)" }}>
          <ChannelList
            channels={channels}
            openId={pendingId ?? open?.id ?? null}
            unread={(id) => (seen && id !== open?.id ? unreadOf(lastSeq[id] ?? 0, seen[id]) : 0)}
            onCreate={() => setDialog("create")}
            createButtonRef={createButton}
          />
        </div>
        <div className={`min-h-0 min-w-0 ${showPane ? "" : "max-md:hidden"}`}>
          {open && openPage ? (
            <MessagePane
              key={open.id}
              channel={open}
              page={openPage!}
              draft={drafts.current.get(open.id) ?? ""}
              onDraft={(value) => (value ? drafts.current.set(open.id, value) : drafts.current.delete(open.id))}
              pending={pendingId !== null && pendingId !== open.id}
              onSeq={(seq) => raiseLastSeq(open.id, seq)}
              onBack={() => void navigate("?", { preventScrollReset: true })}
              onAddMembers={open.is_private && open.created_by === me ? () => setDialog("members") : undefined}
              membersButtonRef={membersButton}
            />
          ) : (
            <WelcomePane missing={data.missing} onBack={showPane ? () => void navigate("?", { preventScrollReset: true }) : undefined} />
          )}
        </div>
      </div>

      {dialog === "create" ? (
        <Suspense fallback={null}>
          <CreateChannelDialog
            onOpenChange={(value) => !value && setDialog(null)}
            onCreated={channelCreated}
            returnFocusTo={createButton}
          />
        </Suspense>
      ) : null}
      {dialog === "members" && open ? (
        <Suspense fallback={null}>
          <AddMembersDialog
            channel={open}
            me={me}
            onOpenChange={(value) => !value && setDialog(null)}
            onAdded={reloadSoon}
            returnFocusTo={membersButton}
          />
        </Suspense>
      ) : null}
      {data.offline ? (
        <Text size="1" color="red" role="status">
          {t("crm.shared.offline")}
        </Text>
      ) : null}
    </Flex>
  );
}
