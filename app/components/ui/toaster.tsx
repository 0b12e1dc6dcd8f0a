import { createContext, useCallback, useContext, useEffect, useRef, useState, type ComponentType, type ReactNode } from "react";
import type { Toast, ToastInput } from "./toast.ts";

export type { Toast, ToastInput } from "./toast.ts";

type ItemProps = { toast: Toast; onDismiss: (id: number) => void };

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);

/**
 * App-wide toasts: a polite live region (assertive for errors), newest at the bottom
 * right, dismissable with the close button or Escape. Styled with Tailwind only, so public
 * pages do not pay for a component library.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [Item, setItem] = useState<ComponentType<ItemProps> | null>(null);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setToasts((list) => {
      // The same key: this toast replaces the one shown, in its place (a new id: its timer starts again).
      const at = input.key === undefined ? -1 : list.findIndex((t) => t.key === input.key);
      if (at >= 0) return list.map((t, i) => (i === at ? { ...input, id } : t));
      return [...list.slice(-3), { ...input, id }];
    });
  }, []);

  // The toast's own code (close button, Escape, styles) loads once the page is idle. Until it
  // is there, or if it cannot be fetched (the connection dropped first), a plain toast says
  // the same thing: the offline toast must show offline.
  useEffect(() => {
    const load = () =>
      void import("./toast-item.tsx").then(
        (m) => setItem(() => m.ToastItem),
        () => undefined,
      );
    if (typeof requestIdleCallback === "function") {
      const id = requestIdleCallback(load, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = window.setTimeout(load, 1000);
    return () => window.clearTimeout(id);
  }, []);

  return (
    <ToastContext.Provider value={toast}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismiss} Item={Item ?? PlainToast} />
    </ToastContext.Provider>
  );
}

export function useToast() {
  const toast = useContext(ToastContext);
  if (!toast) throw new Error("useToast must be used inside <ToastProvider>");
  return toast;
}

function ToastViewport({ toasts, onDismiss, Item }: { toasts: Toast[]; onDismiss: (id: number) => void; Item: ComponentType<ItemProps> }) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      {toasts.map((t) => (
        <Item key={t.id} toast={t} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

/** The toast before its own code is loaded: its text, dismissed by its timer. */
function PlainToast({ toast, onDismiss }: ItemProps) {
  const destructive = toast.variant === "destructive";
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), toast.duration ?? (destructive ? 7000 : 4500));
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.duration, destructive, onDismiss]);
  return (
    <div
      role={destructive ? "alert" : "status"}
      data-testid="toast"
      data-variant={toast.variant ?? "default"}
      className="pointer-events-auto w-full max-w-sm rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-lg"
    >
      <p className="font-semibold">{toast.title}</p>
      {toast.description ? <p className="mt-1 opacity-80">{toast.description}</p> : null}
    </div>
  );
}
