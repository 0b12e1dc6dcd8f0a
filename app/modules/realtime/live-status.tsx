import { useI18n } from "~/i18n/react";
import type { LiveRoomStatus } from "./use-live-room.ts";

/**
 * Says "Reconectando…" while a screen's live connection is down (and nothing otherwise), in a
 * polite live region so a screen reader hears it once. The hint explains it on hover/focus.
 */
export function LiveStatus({ status, className = "" }: { status: LiveRoomStatus; className?: string }) {
  const { t } = useI18n();
  return (
    // data-live: the socket's state, for the browser tests (as on the live layers' wrappers).
    <span role="status" aria-live="polite" className={className} data-live={status}>
      {status === "reconnecting" ? (
        <span
          data-testid="live-reconnecting"
          title={t("crm.live.reconnectingHint")}
          className="inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium"
          style={{ background: "var(--amber-3)", color: "var(--amber-11)" }}
        >
          <span aria-hidden className="size-2 animate-pulse rounded-full" style={{ background: "var(--amber-9)" }} />
          {t("crm.live.reconnecting")}
        </span>
      ) : null}
    </span>
  );
}
