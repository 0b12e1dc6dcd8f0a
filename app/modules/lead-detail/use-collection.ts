import type { Page } from "@worker/services/crm-types";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

const idOf = (item: unknown) => (item as { id?: unknown }).id;

type CollectionState<T> = {
  status: "idle" | "loading" | "ready" | "error";
  items: T[];
  nextCursor: string | null;
  loadingMore: boolean;
  /** The translated reason of the last failed load (first page or "load more"). */
  error: string | null;
};

export type Collection<T> = CollectionState<T> & {
  /** Loads the first page again (keeps the shown items until it arrives). */
  reload: () => void;
  loadMore: () => void;
  /** Changes the loaded items in place (a new item on top, an edit, a removal). */
  update: (change: (items: T[]) => T[]) => void;
};

/**
 * One of the lead's lists (timeline, notes, attachments), loaded the first time `enabled` is
 * true and kept while the dialog is open, so switching tabs does not fetch again. `version`
 * changing reloads it (e.g. the timeline after the lead itself changed).
 */
export function useCollection<T>(
  fetchPage: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>,
  { enabled, version = 0, describeError }: { enabled: boolean; version?: number; describeError: (error: unknown) => string },
): Collection<T> {
  const [state, setState] = useState<CollectionState<T>>({ status: "idle", items: [], nextCursor: null, loadingMore: false, error: null });
  const [reloads, setReloads] = useState(0);
  const fetchRef = useRef(fetchPage);
  useLayoutEffect(() => {
    fetchRef.current = fetchPage;
  });
  const describeRef = useRef(describeError);
  useLayoutEffect(() => {
    describeRef.current = describeError;
  });
  const moreController = useRef<AbortController | null>(null);

  // Each (re)load of the first page: 'loading' unless items are shown, which stay until it arrives.
  const [loadKey, setLoadKey] = useState<{ enabled: boolean; version: number; reloads: number } | null>(null);
  if (!loadKey || loadKey.enabled !== enabled || loadKey.version !== version || loadKey.reloads !== reloads) {
    setLoadKey({ enabled, version, reloads });
    if (enabled) setState((s) => ({ ...s, status: s.status === "ready" ? "ready" : "loading", error: null, loadingMore: false }));
  }
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    moreController.current?.abort();
    fetchRef.current(undefined, controller.signal).then(
      (page) => {
        if (!controller.signal.aborted)
          setState({ status: "ready", items: page.items, nextCursor: page.next_cursor, loadingMore: false, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, status: "error", error: describeRef.current(error) }));
      },
    );
    return () => controller.abort();
  }, [enabled, version, reloads]);

  useEffect(() => () => moreController.current?.abort(), []);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });

  const loadMore = useCallback(() => {
    const { nextCursor, loadingMore } = stateRef.current;
    if (!nextCursor || loadingMore) return;
    const controller = new AbortController();
    moreController.current = controller;
    setState((s) => ({ ...s, loadingMore: true, error: null }));
    fetchRef.current(nextCursor, controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState((s) => {
          // An item added here meanwhile (a new note on top) may come again in the next page.
          const seen = new Set(s.items.map(idOf));
          return {
            ...s,
            items: [...s.items, ...page.items.filter((item) => !seen.has(idOf(item)))],
            nextCursor: page.next_cursor,
            loadingMore: false,
          };
        });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, loadingMore: false, error: describeRef.current(error) }));
      },
    );
  }, []);

  const update = useCallback((change: (items: T[]) => T[]) => setState((s) => ({ ...s, items: change(s.items) })), []);

  return { ...state, reload, loadMore, update };
}
