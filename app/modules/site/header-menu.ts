import { useEffect, useRef, useState } from "react";

/**
 * The `name` shared by the header's <details> menus (language, mobile navigation): the
 * browser keeps at most one of them open, so they never overlap, even without JavaScript.
 */
export const HEADER_MENUS = "site-header-menu";

/**
 * A header <details> menu once JavaScript runs: its open state for aria-expanded (undefined
 * before hydration, when the browser reports the <details> state itself), and closing on
 * Escape and on a click or tap outside. Focus goes back to its button, unless the click put
 * focus on something else (a field, a link).
 */
export function useHeaderMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const [open, setOpen] = useState<boolean>();

  useEffect(() => {
    setOpen(ref.current?.open ?? false);
    const close = (event: Event) => {
      const el = ref.current;
      if (!el?.open) return;
      const escape = event instanceof KeyboardEvent;
      if (escape ? event.key !== "Escape" : el.contains(event.target as Node)) return;
      const active = document.activeElement;
      el.open = false;
      if (escape || !active || active === document.body || el.contains(active)) el.querySelector("summary")?.focus();
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", close);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", close);
    };
  }, []);

  return { ref, open, onToggle: () => setOpen(ref.current?.open) };
}
