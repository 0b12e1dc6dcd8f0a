import { useEffect, useRef, useState } from "react";

type SearchStatus = "idle" | "loading" | "error";

type Options<T> = {
  /** How long typing must pause before the request goes. */
  delay: number;
  /** Told each new set of results (e.g. to move the highlight back to the top). */
  onResults?: (results: T) => void;
};

/**
 * Search as you type against the server: `search(query)` runs `delay` ms after the query last
 * changed; each change aborts the request before it, so only the latest query's answer shows.
 * An empty query clears the results. The results stay on screen while the next ones load.
 * `search` must keep its identity (a module-level function).
 */
export function useDebouncedSearch<T>(
  query: string,
  search: (query: string, signal: AbortSignal) => Promise<T>,
  { delay, onResults }: Options<T>,
) {
  const [state, setState] = useState<{ query: string; results: T | null; status: SearchStatus }>({
    query: "",
    results: null,
    status: "idle",
  });
  if (state.query !== query) {
    // A new query: an empty one forgets the results; another keeps them on screen while it loads.
    setState(query ? { query, results: state.results, status: "loading" } : { query, results: null, status: "idle" });
  }
  const onResultsRef = useRef(onResults);
  useEffect(() => {
    onResultsRef.current = onResults;
  });

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      search(query, controller.signal).then(
        (found) => {
          if (controller.signal.aborted) return;
          setState({ query, results: found, status: "idle" });
          onResultsRef.current?.(found);
        },
        () => {
          if (!controller.signal.aborted) setState((current) => ({ ...current, status: "error" }));
        },
      );
    }, delay);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, search, delay]);

  return { results: state.results, status: state.status };
}
