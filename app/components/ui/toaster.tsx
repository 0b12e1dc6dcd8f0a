import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

export type ToastInput = {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
  /** Milliseconds before it hides itself; errors stay a little longer by default. */
  duration?: number;
};

export type Toast = ToastInput & { id: number };

const loadToastItem = () => import("./toast-item.tsx");
const ToastItem = lazy(() => loadToastItem().then((m) => ({ default: m.ToastItem })));

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

  // The toast's own code loads once the page is idle, so a toast (the offline one included)
  // can show at any time without weighing on the first load.
  useEffect(() => {
    const load = () => void loadToastItem();
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
      {toasts.length ? (
        <Suspense fallback={null}>
          {toasts.map((t) => (
            <ToastItem key={t.id} toast={t} onDismiss={onDismiss} />
          ))}
        </Suspense>
      ) : null}
    </div>
  );
}

