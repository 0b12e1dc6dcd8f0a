import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useI18n } from "~/i18n/react";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
  /** Milliseconds before it hides itself; errors stay a little longer by default. */
  duration?: number;
};

type Toast = ToastInput & { id: number };

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

/**
 * App-wide toasts: a polite live region (assertive for errors), newest at the bottom
 * right, dismissable with the close button or Escape. Styled with Tailwind only, so public
 * pages do not pay for a component library.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setToasts((list) => [...list.slice(-3), { ...input, id }]);
  }, []);

  return (
    <ToastContext.Provider value={toast}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast() {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error("useToast must be used inside <ToastProvider>");
  return toast;
}

function ToastViewport({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
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
