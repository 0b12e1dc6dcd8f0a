import { BellIcon } from "@radix-ui/react-icons";
import { IconButton, Popover } from "@radix-ui/themes";
import { Suspense, useCallback, useEffect, useRef, useState } from "react";
import { pluralForm } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { useHydrated } from "~/components/use-hydrated";
import { useAuth } from "~/modules/auth/auth-context";
import { apiClient, call } from "~/modules/crm/api-client";
import type { UserRoomEvent } from "~/modules/realtime/protocol";
import type { LiveRoomStatus } from "~/modules/realtime/use-live-room";
import type { NotificationDto } from "../../../worker/services/crm-types.ts";
import { lazyChunk } from "~/components/lazy-chunk";

const NotificationPanel = lazyChunk(() => import("./notification-panel.tsx"));
const NotificationLive = lazyChunk(() => import("./notification-live.tsx"));

/** While the user room is not live, the badge asks for the unread count this often (the fallback). */
const UNREAD_POLL_MS = 60_000;

/** How many notifications that arrived live the bell keeps for the panel (the panel shows 50). */
const INCOMING_KEPT = 50;

/** crm.md §2: the badge caps at '99+'. */
export const badgeText = (count: number) => (count > 99 ? "99+" : String(count));

/**
 * The top bar's bell: a badge with the user's unread count and the 'Notificações' popover.
 * The count is read on mount and then follows the user's room (`user-<id>`) live: a new
 * notification raises it (and reaches the open panel's list), a read in any tab sets it, in
 * every open tab of the user. After a reconnect it is read again (and the open list too);
 * while the room is not live, the count is polled every 60 s and when the tab comes back.
 * The panel's code loads when the pointer or focus comes near the bell, or on the first open.
 */
export function NotificationBell() {
  const { t, language } = useI18n();
  const { profile } = useAuth();
  const [unread, setUnread] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // What arrived live (newest first), merged by id into the open panel's list; and a counter
  // that makes an open panel read its list again (a read elsewhere, a reconnect).
  const [incoming, setIncoming] = useState<NotificationDto[]>([]);
  const [refresh, setRefresh] = useState(0);
  // A poll answer that left before a mark-as-read could bring the old count back: each change
  // of the count made here bumps the version, and an answer from an older version is dropped.
  const version = useRef(0);

  const changeUnread = useCallback((next: number | ((current: number) => number)) => {
    version.current += 1;
    setUnread((current) => Math.max(0, typeof next === "function" ? next(current ?? 0) : next));
  }, []);

  const mounted = useRef(true);
  // The live subscription starts once the frame is on screen (its code is a chunk of its own).
  const started = useHydrated();
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /** Reads the count (a poll skips a hidden tab; a reconnect reads it anyway). */
  const readCount = useCallback((always: unknown = false) => {
    if (always !== true && document.visibilityState !== "visible") return;
    const asked = version.current;
    call(apiClient.notifications["unread-count"].$get()).then(
      ({ unread_count }) => {
        if (mounted.current && asked === version.current) setUnread(unread_count);
      },
      // The badge simply keeps its last figure (crm.md §8: notification load failures are only logged).
      (error: unknown) => console.warn("notifications: unread count", error),
    );
  }, []);

  const onEvent = useCallback(
    (event: UserRoomEvent) => {
      if (event.type === "notification.created") {
        changeUnread(event.unread_count);
        // The text in this page's language (the event carries all three).
        const item = { ...event.notification, ...event.texts[language] };
        setIncoming((list) => (list.some((n) => n.id === item.id) ? list : [item, ...list].slice(0, INCOMING_KEPT)));
      } else if (event.type === "notification.unread") {
        changeUnread(event.unread_count);
        setRefresh((n) => n + 1);
      }
    },
    [changeUnread, language],
  );
  // Each (re)open: what changed while the socket was away is in D1.
  const onOpen = useCallback(
    (first: boolean) => {
      readCount(true);
      if (!first) setRefresh((n) => n + 1);
    },
    [readCount],
  );
  const [status, setStatus] = useState<LiveRoomStatus>("connecting");
  const live = status === "live";

  // Mount: the count at once. Not live (yet, or any more): the slow poll and the tab's return.
  useEffect(() => {
    readCount();
  }, [readCount]);
  useEffect(() => {
    if (live) return;
    const timer = window.setInterval(readCount, UNREAD_POLL_MS);
    document.addEventListener("visibilitychange", readCount);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", readCount);
    };
  }, [live, readCount]);

  const count = unread ?? 0;
  const label =
    count > 0 ? t(`crm.notifications.bell.${pluralForm(language, count)}`, { count: badgeText(count) }) : t("crm.notifications.title");

  return (
    <>
      {started && profile ? (
        <Suspense fallback={null}>
          <NotificationLive userId={profile.id} onEvent={onEvent} onOpen={onOpen} onStatus={setStatus} />
        </Suspense>
      ) : null}
      <Popover.Root
        open={open}
        onOpenChange={(next) => {
          if (next) setWanted(true);
          setOpen(next);
        }}
      >
        <Popover.Trigger>
          <IconButton
            variant="ghost"
            color="gray"
            size="3"
            aria-label={label}
            data-testid="notification-bell"
            data-live={live ? "true" : "false"}
            onPointerEnter={() => setWanted(true)}
            onFocus={() => setWanted(true)}
          >
            {/* The badge sits on the icon (Radix styles outrank utility classes on the button itself). */}
            <span className="relative flex">
              <BellIcon width={20} height={20} />
              {count > 0 ? (
                <span
                  aria-hidden
                  data-testid="notification-badge"
                  className="unread-badge absolute -top-2 -right-2.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full px-1 text-[11px] leading-none font-semibold"
                  style={{ boxShadow: "0 0 0 2px var(--color-panel-solid)" }}
                >
                  {badgeText(count)}
                </span>
              ) : null}
            </span>
          </IconButton>
        </Popover.Trigger>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          size="1"
          width="22rem"
          maxWidth="calc(100vw - 16px)"
          aria-labelledby="notification-panel-title"
          data-testid="notification-panel"
          style={{ padding: 0 }}
        >
          {wanted ? (
            <Suspense fallback={<PanelFallback />}>
              <NotificationPanel
                open={open}
                unread={count}
                incoming={incoming}
                refresh={refresh}
                onUnreadChange={changeUnread}
                onClose={() => setOpen(false)}
              />
            </Suspense>
          ) : (
            <PanelFallback />
          )}
        </Popover.Content>
      </Popover.Root>
    </>
  );
}

/** The panel's title and loading line while its code arrives. */
function PanelFallback() {
  const { t } = useI18n();
  return (
    <div className="p-3">
      <h2 id="notification-panel-title" className="text-sm font-semibold">
        {t("crm.notifications.title")}
      </h2>
      <p className="py-6 text-center text-sm" style={{ color: "var(--gray-11)" }}>
        {t("crm.notifications.loading")}
      </p>
    </div>
  );
}
