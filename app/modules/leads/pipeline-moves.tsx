// Saving a card moved on the pipeline board, and taking the move back: part of the lazily
// loaded drag-and-drop layer (pipeline-dnd.tsx re-exports it), since only a drag or a
// keyboard move gets here. The card shows in its new column at once, the status is saved,
// and the card goes back if that fails. A saved move's toast offers 'Desfazer' for a few
// seconds: the server puts the lead back only while it is still where it was moved to.
import type { LeadStatus } from "@worker/db/schema/enums";
import type { LeadDto } from "@worker/services/crm-types";
import { useState, type Dispatch, type SetStateAction } from "react";
import type { ToastInput } from "~/components/ui/toast";
import type { Translate } from "~/i18n";
import { apiClient, ApiClientError, call, OfflineError } from "~/modules/crm/api-client";
import { applyLeadUpdate, findLead, moveLead, type Columns, type Recounted } from "./pipeline-state";

/** How long a moved card's toast offers 'Desfazer'. */
export const UNDO_MS = 6000;

/** The part of the board's state a move changes (pipeline-board.tsx holds the rest). */
type Board = { columns: Columns; recounted: Recounted };

/** What a move needs of the board: its state, the cards being saved, the toasts and texts. */
export type MoveDeps<State extends Board> = {
  setBoard: Dispatch<SetStateAction<State>>;
  setSaving: Dispatch<SetStateAction<ReadonlySet<string>>>;
  toast: (toast: ToastInput) => void;
  t: Translate;
  onLeadSaved?: (lead: LeadDto) => void;
};

/**
 * Moves `lead` from `from` to `to` on the board and saves it: PATCH {status}, or for an undo
 * (`undo`: this move takes back the one from `to` to `from`) POST undo-move.
 */
export async function saveMove<State extends Board>(
  deps: MoveDeps<State>,
  lead: LeadDto,
  from: LeadStatus,
  to: LeadStatus,
  undo = false,
): Promise<void> {
  const { setBoard, setSaving, toast, t, onLeadSaved } = deps;
  const param = { id: lead.id };
  setBoard((current) => ({
    ...current,
    columns: moveLead(current.columns, lead.id, to),
    recounted: { ...current.recounted, [lead.id]: [] },
  }));
  setSaving((current) => new Set(current).add(lead.id));
  try {
    const result = await (undo
      ? call(apiClient.leads[":id"]["undo-move"].$post({ param, json: { from: to, to: from } }))
      : call(apiClient.leads[":id"].$patch({ param, json: { status: to } })));
    const saved = result?.lead ?? { ...lead, status: to };
    if (result?.lead) {
      setBoard((current) => ({ ...current, columns: applyLeadUpdate(current.columns, saved) }));
      onLeadSaved?.(saved);
    }
    toast(
      undo
        ? { title: t("crm.leads.pipeline.undone"), variant: "success" }
        : {
            title: t("crm.leads.pipeline.statusUpdated"),
            variant: "success",
            duration: UNDO_MS,
            description: <UndoButton label={t("crm.leads.pipeline.undo")} onUndo={() => void saveMove(deps, saved, to, from, true)} />,
          },
    );
  } catch (error) {
    // Back where it was, unless it has been moved again since. A column whose figures came
    // from the server during the save already counts the lead where it was.
    setBoard((current) => {
      const counted = new Set(current.recounted[lead.id] ?? []);
      if (findLead(current.columns, lead.id)?.status !== to) return current;
      return { ...current, columns: moveLead(current.columns, lead.id, from, lead, (status) => counted.has(status)) };
    });
    toast({
      title: t(undo ? "crm.leads.pipeline.undoFailed" : "crm.leads.pipeline.statusUpdateFailed"),
      description: error instanceof OfflineError ? t("crm.shared.offline") : (error as Error).message,
      variant: "destructive",
    });
    // Moved by someone else meanwhile: the card shows where the lead is now.
    if (error instanceof ApiClientError && error.code === "lead_moved") {
      call(apiClient.leads[":id"].$get({ param })).then(
        ({ lead: now }) => setBoard((current) => ({ ...current, columns: applyLeadUpdate(current.columns, now) })),
        () => undefined,
      );
    }
  } finally {
    setSaving((current) => {
      const next = new Set(current);
      next.delete(lead.id);
      return next;
    });
    setBoard((current) => {
      const { [lead.id]: _done, ...recounted } = current.recounted;
      return { ...current, recounted };
    });
  }
}

/**
 * 'Desfazer' in the moved card's toast (as its description: the shared toast stays as it is).
 * Used once: disabled once clicked; the toast closes with its timer.
 */
function UndoButton({ label, onUndo }: { label: string; onUndo: () => void }) {
  const [used, setUsed] = useState(false);
  return (
    <button
      type="button"
      disabled={used}
      onClick={() => {
        setUsed(true);
        onUndo();
      }}
      className="mt-1 rounded-md border border-current px-2.5 py-0.5 font-semibold hover:opacity-80 focus-visible:outline-2 disabled:opacity-50 focus-visible:outline-current"
      data-testid="pipeline-undo"
    >
      {label}
    </button>
  );
}
