import { BellIcon, CalendarIcon, ClockIcon, PersonIcon, UpdateIcon } from "@radix-ui/react-icons";
import { Button, Text } from "@radix-ui/themes";
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from "react";
import { useNavigate } from "react-router";
import { formatDateTime } from "~/i18n/format-date";
import { useI18n } from "~/i18n/react";
import { useToast } from "~/components/ui/toaster";
import { apiClient, call } from "~/modules/crm/api-client";
import { describeError } from "~/modules/crm/submit-failure";
import type { NotificationDto } from "../../../worker/services/crm-types.ts";
import { useOrg } from "~/modules/crm/org-settings";

type IconProps = { width?: number; height?: number; "aria-hidden"?: boolean };

/** crm.md §3: four types have their own icon, the others a generic bell. */
const ICONS: Partial<Record<NotificationDto["type"], ComponentType<IconProps>>> = {
  new_lead: PersonIcon,
  status_change: UpdateIcon,
  task_due: ClockIcon,
  meeting_reminder: CalendarIcon,
};

type State = { status: "loading" } | { status: "error" } | { status: "ready"; items: NotificationDto[] };

/** The 50 newest of both lists, by id (an item already in `kept` stays as it is there). */
function merge(kept: NotificationDto[], more: NotificationDto[]): NotificationDto[] {
  const seen = new Set(kept.map((item) => item.id));
  const added = more.filter((item) => !seen.has(item.id));
  if (added.length === 0) return kept;
  return [...kept, ...added]
    .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
    .slice(0, 50);
}

/**
 * The bell's popover body (loaded lazily): the user's 50 newest notifications, read again on
 * every open and whenever `refresh` changes while open (a read in another tab, a
 * reconnect); what arrives live (`incoming`, newest first) is merged in by id, never twice.
 * Clicking an unread item marks it read at once (the badge drops; put back if the server
 * refuses) and opens its link, if any; a read item with a link just opens it.
 */
export default function NotificationPanel({
  open,
  unread,
  incoming,
  refresh,
  onUnreadChange,
  onClose,
}: {
  open: boolean;
  unread: number;
  incoming: NotificationDto[];
  refresh: number;
  onUnreadChange: (next: number | ((current: number) => number)) => void;
  onClose: () => void;
}) {
  const { t, language } = useI18n();
  const { time_zone: timeZone } = useOrg();
  const toast = useToast();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  // The live items, read by the list's answer without re-running the fetch when they change.
  const live = useRef(incoming);
  useLayoutEffect(() => {
    live.current = incoming;
  });

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    // eslint-disable-next-line react-hooks/set-state-in-effect -- 'loading' follows a new fetch function's identity, known only after the render that made it
    setState((current) => (current.status === "ready" ? current : { status: "loading" }));
    call(apiClient.notifications.$get(undefined, { init: { signal: controller.signal } })).then(
      (list) => {
        // What arrived while the list was on its way is kept (the answer's copy wins).
        setState({ status: "ready", items: merge(list.items, live.current) });
        onUnreadChange(list.unread_count);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn("notifications: list", error);
        setState((current) => (current.status === "ready" ? current : { status: "error" }));
      },
    );
    return () => controller.abort();
  }, [open, attempt, refresh, onUnreadChange]);

  // A notification that arrives live while the list is shown goes to its top.
  const [mergedIncoming, setMergedIncoming] = useState(incoming);
  if (mergedIncoming !== incoming) {
    setMergedIncoming(incoming);
    setState((current) => (current.status === "ready" ? { status: "ready", items: merge(current.items, incoming) } : current));
  }

  const setRead = (ids: Set<string> | "all", read: boolean) =>
    setState((current) =>
      current.status === "ready"
        ? { status: "ready", items: current.items.map((item) => (ids === "all" || ids.has(item.id) ? { ...item, read } : item)) }
        : current,
    );

  const failed = (error: unknown) =>
    toast({
      title: t("crm.notifications.markFailed"),
      description: describeError(error, t),
      variant: "destructive",
    });

  const openItem = (item: NotificationDto) => {
    if (!item.read) {
      setRead(new Set([item.id]), true);
      onUnreadChange((current) => current - 1);
      call(apiClient.notifications[":id"].read.$patch({ param: { id: item.id } })).catch((error: unknown) => {
        setRead(new Set([item.id]), false);
        onUnreadChange((current) => current + 1);
        failed(error);
      });
    }
    if (item.link) {
      onClose();
      navigate(item.link);
    }
  };

  const markAll = () => {
    if (state.status !== "ready") return;
    const unreadIds = new Set(state.items.filter((item) => !item.read).map((item) => item.id));
    const before = unread;
    setRead("all", true);
    onUnreadChange(0);
    call(apiClient.notifications["read-all"].$post()).catch((error: unknown) => {
      setRead(unreadIds, false);
      onUnreadChange(before);
      failed(error);
    });
  };

  return (
    <div>
      <div className="flex min-h-12 items-center justify-between gap-2 border-b px-3 py-2" style={{ borderColor: "var(--gray-a5)" }}>
        <h2 id="notification-panel-title" className="text-sm font-semibold">
          {t("crm.notifications.title")}
        </h2>
        {unread > 0 && state.status === "ready" ? (
          <Button size="1" variant="ghost" onClick={markAll} data-testid="notification-mark-all">
            {t("crm.notifications.markAll")}
          </Button>
        ) : null}
      </div>
      {state.status === "loading" ? (
        <p role="status" className="px-3 py-8 text-center text-sm" style={{ color: "var(--gray-11)" }}>
          {t("crm.notifications.loading")}
        </p>
      ) : state.status === "error" ? (
        <div className="flex flex-col items-center gap-3 px-3 py-6 text-center">
          <Text size="2" color="gray">
            {t("crm.notifications.error")}
          </Text>
          <Button size="1" variant="soft" onClick={() => setAttempt((n) => n + 1)}>
            {t("crm.shared.actions.retry")}
          </Button>
        </div>
      ) : state.items.length === 0 ? (
        <p className="px-3 py-8 text-center text-sm" style={{ color: "var(--gray-11)" }}>
          {t("crm.notifications.empty")}
        </p>
      ) : (
        <ul
          className="max-h-96 overflow-y-auto overscroll-contain py-1"
          data-testid="notification-list"
          aria-labelledby="notification-panel-title"
        >
          {state.items.map((item) => {
            const Icon = ICONS[item.type] ?? BellIcon;
            return (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => openItem(item)}
                  data-testid="notification-item"
                  data-read={item.read ? "true" : "false"}
                  className="flex w-full cursor-pointer gap-3 px-3 py-2.5 text-left outline-offset-[-2px] hover:bg-[var(--gray-a3)] focus-visible:outline-2 focus-visible:outline-[var(--focus-8)]"
                  style={item.read ? undefined : { background: "var(--accent-a2)" }}
                >
                  <span
                    className="mt-0.5 flex size-7 shrink-0 items-center justify-center rounded-full"
                    style={{ background: "var(--accent-a3)", color: "var(--accent-11)" }}
                  >
                    <Icon width={15} height={15} aria-hidden />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                    <span className="flex items-start gap-2">
                      <span
                        className={`min-w-0 flex-1 text-sm ${item.read ? "font-normal" : "font-semibold"}`}
                        style={{ color: "var(--gray-12)" }}
                      >
                        {item.title}
                      </span>
                      {item.read ? null : (
                        <span
                          className="mt-1.5 size-2 shrink-0 rounded-full"
                          style={{ background: "var(--accent-9)" }}
                          data-testid="notification-unread-dot"
                        >
                          <span className="sr-only">{t("crm.notifications.unread")}</span>
                        </span>
                      )}
                    </span>
                    <span className="text-[13px] leading-snug break-words" style={{ color: "var(--gray-11)" }}>
                      {item.message}
                    </span>
                    <time dateTime={item.created_at} className="text-xs" style={{ color: "var(--gray-11)" }}>
                      {formatDateTime(item.created_at, language, timeZone)}
                    </time>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
