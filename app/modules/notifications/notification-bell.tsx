import { BellIcon } from "@radix-ui/react-icons";
import { IconButton, Popover } from "@radix-ui/themes";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { pluralForm } from "~/i18n/format";
import { useI18n } from "~/i18n/react";
import { api } from "~/modules/crm/api-client";

const NotificationPanel = lazy(() => import("./notification-panel.tsx"));

/** How often the badge asks for the unread count while the tab is visible (live delivery comes later). */
export const UNREAD_POLL_MS = 60_000;

/** crm.md §2: the badge caps at '99+'. */
export const badgeText = (count: number) => (count > 99 ? "99+" : String(count));

/**
 * The top bar's bell: a badge with the user's unread count (read on mount, every 60 s while
 * the tab is visible, and when the tab comes back), and the 'Notificações' popover. The
 * panel's code loads when the pointer or focus comes near the bell, or on the first open.
 */
export function NotificationBell() {
  const { t, language } = useI18n();
  const [unread, setUnread] = useState<number | null>(null);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // A poll answer that left before a mark-as-read could bring the old count back: each change
  // of the count made here bumps the version, and an answer from an older version is dropped.
  const version = useRef(0);

  const changeUnread = useCallback((next: number | ((current: number) => number)) => {
    version.current += 1;
    setUnread((current) => Math.max(0, typeof next === "function" ? next(current ?? 0) : next));
  }, []);

  useEffect(() => {
    let cancelled = false;
    const poll = () => {
      if (document.visibilityState !== "visible") return;
      const asked = version.current;
      api<{ unread_count: number }>("GET", "/notifications/unread-count").then(
        ({ unread_count }) => {
          if (!cancelled && asked === version.current) setUnread(unread_count);
        },
        // The badge simply keeps its last figure (crm.md §8: notification load failures are only logged).
        (error: unknown) => console.warn("notifications: unread count", error),
      );
    };
    poll();
    const timer = window.setInterval(poll, UNREAD_POLL_MS);
    document.addEventListener("visibilitychange", poll);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", poll);
    };
  }, []);

  const count = unread ?? 0;
  const label = count > 0 ? t(`crm.notifications.bell.${pluralForm(language, count)}`, { count: badgeText(count) }) : t("crm.notifications.title");

  return (
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
              className="absolute -top-2 -right-2.5 flex h-[18px] min-w-[18px] items-center justify-center rounded-full px-1 text-[11px] leading-none font-semibold"
              style={{ background: "var(--red-9)", color: "var(--red-contrast)", boxShadow: "0 0 0 2px var(--color-panel-solid)" }}
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
            <NotificationPanel open={open} unread={count} onUnreadChange={changeUnread} onClose={() => setOpen(false)} />
          </Suspense>
        ) : (
          <PanelFallback />
        )}
      </Popover.Content>
    </Popover.Root>
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
