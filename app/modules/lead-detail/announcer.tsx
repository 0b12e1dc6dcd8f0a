import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";

// While a modal dialog is open, Radix hides everything outside it from assistive technology
// (aria-hidden on the page, the app's toast region included), so a toast would not be read
// out. The lead dialog says what its writes did in a polite status region of its own.

const AnnounceContext = createContext<(text: string) => void>(() => undefined);

/** Tells screen reader users, from inside the dialog, what just happened. */
export const useAnnounce = () => useContext(AnnounceContext);

export function Announcer({ children }: { children: ReactNode }) {
  const [text, setText] = useState("");
  const frame = useRef(0);
  const announce = useCallback((next: string) => {
    // Emptied first, so the same words twice in a row are read twice.
    setText("");
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setText(next));
  }, []);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <p role="status" className="sr-only" data-testid="lead-detail-status">
        {text}
      </p>
    </AnnounceContext.Provider>
  );
}
