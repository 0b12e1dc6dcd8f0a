import { useEffect, useMemo } from "react";
import { useI18n } from "~/i18n/react";
import type { Toast } from "./toast.ts";

/** One toast: dismissed by its close button, Escape or its timer. Loaded when the page is idle. */
export function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const { t } = useI18n();
  const destructive = toast.variant === "destructive";
  const duration = toast.duration ?? (destructive ? 7000 : 4500);

  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), duration);
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onDismiss(toast.id);
    window.addEventListener("keydown", onKey);
    return () => {
      window.clearTimeout(timer);
      window.removeEventListener("keydown", onKey);
    };
  }, [toast.id, duration, onDismiss]);

  const tone = useMemo(
    () =>
      destructive
        ? "border-red-200 bg-red-50 text-red-900"
        : toast.variant === "success"
          ? "border-emerald-200 bg-white text-slate-900"
          : "border-slate-200 bg-white text-slate-900",
    [destructive, toast.variant],
  );

  return (
    <div
      role={destructive ? "alert" : "status"}
      data-testid="toast"
      data-variant={toast.variant ?? "default"}
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${tone}`}
    >
      <div className="flex-1">
        <p className="text-sm font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-1 text-sm opacity-80">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        aria-label={t("common.close")}
        className="rounded-md px-1 text-lg leading-none opacity-60 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
      >
        ×
      </button>
    </div>
  );
}
