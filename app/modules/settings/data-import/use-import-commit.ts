import { useCallback, useEffect, useRef, useState } from "react";
import type { ImportMode } from "@worker/services/lead-import-columns";
import { commitImportBatch, type ImportDto } from "./import-api.ts";

export type CommitState =
  | { phase: "running"; dto: ImportDto }
  /** A batch failed (dropped connection, the server's refusal): `retry()` carries on. */
  | { phase: "failed"; dto: ImportDto; error: unknown }
  | { phase: "done"; dto: ImportDto };

/**
 * The commit loop: POST /api/imports/:id/commit with the chosen mode, batch after batch, until
 * the import is "done", each answer updating the progress. One loop at a time: start() or
 * retry() while a loop runs does nothing (a double click sends no second loop; the server
 * claims each batch atomically anyway). After a failure, retry() continues where it stopped:
 * the server skips what it already wrote. stop() abandons the loop (the request in flight may
 * still write its batch, which the summary of a later read would count).
 */
export function useImportCommit({ onDone }: { onDone: (dto: ImportDto) => void }) {
  const [state, setState] = useState<CommitState | null>(null);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  });
  const running = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const current = useRef<{ dto: ImportDto; mode: ImportMode } | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const loop = useCallback(async () => {
    const job = current.current;
    if (running.current || !job) return;
    running.current = true;
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: "running", dto: job.dto });
    try {
      while (!abort.signal.aborted) {
        const next = await commitImportBatch(job.dto.id, job.mode, abort.signal);
        if (abort.signal.aborted) break;
        job.dto = next;
        if (next.status === "done") {
          setState({ phase: "done", dto: next });
          done.current(next);
          break;
        }
        setState({ phase: "running", dto: next });
      }
    } catch (error) {
      if (!abort.signal.aborted) setState({ phase: "failed", dto: job.dto, error });
    } finally {
      running.current = false;
      if (controller.current === abort) controller.current = null;
    }
  }, []);

  /** Starts importing the previewed file with this mode (nothing happens while a loop runs). */
  const start = useCallback(
    (dto: ImportDto, mode: ImportMode) => {
      if (running.current) return;
      current.current = { dto, mode };
      void loop();
    },
    [loop],
  );

  const stop = useCallback(() => {
    controller.current?.abort();
    running.current = false;
  }, []);

  /** Back to no import (the dialog reopened, another file chosen). */
  const reset = useCallback(() => {
    stop();
    current.current = null;
    setState(null);
  }, [stop]);

  return { state, start, retry: loop, stop, reset };
}
