import { useLayoutEffect, useRef } from "react";

/**
 * Focus back where it was when a dialog without a Radix trigger closes (opened from a link in
 * the URL, a card's button, a keyboard shortcut): Radix would leave it on <body>. The element
 * that had focus is noted when the dialog's first open render commits (before Radix moves focus
 * into it: its portal mounts the content a render later); if it is gone when the dialog closes (the list re-rendered), `fallback` names the
 * element to focus instead. Pass the result as the Dialog.Content's onCloseAutoFocus.
 */
export function useReturnFocus(open: boolean, fallback?: () => string | null) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (!open) return;
    opener.current =
      document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }, [open]);
  return (event: Event) => {
    const selector = fallback?.();
    const target = opener.current?.isConnected ? opener.current : selector ? document.querySelector<HTMLElement>(selector) : null;
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };
}
