import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";

/** Where the CRM keeps its sidebar in place (Tailwind's lg); below it the sidebar is a drawer. */
const CRM_DESKTOP_QUERY = "(min-width: 1024px)";

/** The top bar's menu button, which opens the drawer and gets focus back when it closes. */
export const CRM_MENU_BUTTON_ID = "crm-menu-button";
/** The sidebar (the drawer on narrow screens). */
export const CRM_SIDEBAR_ID = "crm-sidebar";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(CRM_DESKTOP_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the screen is wide enough for the fixed sidebar; the server assumes it is. */
function useIsDesktop() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(CRM_DESKTOP_QUERY).matches,
    () => true,
  );
}

export type CrmDrawer = {
  /** The drawer is open on a narrow screen: the rest of the frame is inert behind it. */
  modal: boolean;
  isDesktop: boolean;
  open: () => void;
  /** Closes it; focus goes back to the menu button. */
  close: () => void;
};

/**
 * The narrow-screen drawer's state: opened by the top bar's menu button, closed by its own
 * close button, Escape, the backdrop, following a link (any change of location) and by
 * growing the window to desktop width. While it is open the page behind does not scroll.
 */
export function useCrmDrawer(): CrmDrawer {
  const isDesktop = useIsDesktop();
  const [isOpen, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  const modal = isOpen && !isDesktop;

  // Focus goes back to the menu button once the frame behind is no longer inert.
  const restoreFocus = useRef(false);
  const close = useCallback(() => {
    restoreFocus.current = true;
    setOpen(false);
  }, []);
  useEffect(() => {
    if (modal || !restoreFocus.current) return;
    restoreFocus.current = false;
    document.getElementById(CRM_MENU_BUTTON_ID)?.focus();
  }, [modal]);

  // A followed link closes the drawer (focus then starts again from the top bar).
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- closing on navigation also records where focus returns (a ref), so it stays with the location effect
    if (isOpen) close();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of location closes it
  }, [pathname, search]);

  // Becoming desktop-wide closes the drawer.
  const [wasDesktop, setWasDesktop] = useState(isDesktop);
  if (wasDesktop !== isDesktop) {
    setWasDesktop(isDesktop);
    if (isDesktop) setOpen(false);
  }

  useEffect(() => {
    if (!modal) return;
    const onKey = (event: KeyboardEvent) => {
      // Radix menus inside the drawer (the language select) handle their own Escape first.
      if (event.key === "Escape" && !event.defaultPrevented) close();
    };
    document.addEventListener("keydown", onKey);
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onKey);
      root.style.overflow = overflow;
    };
  }, [modal, close]);

  return { modal, isDesktop, open: useCallback(() => setOpen(true), []), close };
}
