import { useCallback, useEffect, useRef, useState } from "react";

/** A search box's text goes into the URL 300 ms after the last keystroke (crm.md §9). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A screen's search box whose query lives in the URL (?q=, so the loader searches): the
 * typed text is sent (`send`, a replace navigation) once typing pauses, or at once with
 * `submit` (Enter). `q` is the URL's query: a different one from elsewhere (back/forward, a
 * link) replaces the text in the box.
 */
export function useUrlSearch(q: string, send: (q: string) => void) {
  const [text, setText] = useState(q);
  // The q this box last put in the URL.
  const sent = useRef(q);
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setText(q);
    }
  }, [q]);

  const sendNow = useCallback((value: string) => {
    const trimmed = value.trim();
    if (trimmed === sent.current) return;
    sent.current = trimmed;
    sendRef.current(trimmed);
  }, []);

  useEffect(() => {
    if (text.trim() === sent.current) return;
    const timer = window.setTimeout(() => sendNow(text), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, sendNow]);

  return { text, setText, submit: () => sendNow(text) };
}
