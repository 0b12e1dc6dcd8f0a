import type { LeadStatus } from "@worker/db/schema/enums";
import type { LeadDto, PipelineColumnDto, PipelineDto } from "@worker/services/crm-types";
import { useEffect, useState } from "react";
import { loadChunk } from "~/components/lazy-chunk";
import { useToast } from "~/components/ui/toaster";
import { useI18n } from "~/i18n/react";
import type { LeadFilters } from "@worker/services/lead-filter-keys";
import { api, OfflineError, queryString } from "~/modules/crm/api-client";
import {
  appendColumnPage,
  applyLeadUpdate,
  findLead,
  moveLead,
  withRecounts,
  type Columns,
  type LiveChange,
  type Recounted,
} from "./pipeline-state";
import { PipelineCardView, PipelineColumnView } from "./pipeline-views";

type DndModule = typeof import("./pipeline-dnd");

/** The drag-and-drop layer (dnd-kit), fetched once after the board is on screen. */
let dndModule: Promise<DndModule> | null = null;
const loadDnd = () => (dndModule ??= loadChunk(() => import("./pipeline-dnd")));

type BoardState = {
  /** The loader data the board started from. */
  source: PipelineDto;
  columns: Columns;
  /** How many of `updates` and of `live` are applied. */
  applied: number;
  live: number;
  recounted: Recounted;
};

type PipelineBoardProps = {
  pipeline: PipelineDto;
  /** The search the board was loaded with (?q=): "Carregar mais" keeps to it. */
  q?: string;
  /** Likewise its filters besides the text. */
  filters?: LeadFilters;
  /** Leads changed elsewhere on the screen (form, detail dialog), oldest first. */
  updates: readonly LeadDto[];
  /** Changes made on other screens (live), oldest first. */
  live?: readonly LiveChange[];
  /** A status change saved from the board. */
  onLeadSaved?: (lead: LeadDto) => void;
};

/**
 * The pipeline: six columns with count and value sum. The server renders it as it is;
 * once the page runs, drag and drop arrives (pipeline-dnd.tsx) and a card moved to another
 * column shows there at once, then is saved (PATCH status) and put back if that fails.
 */
export function PipelineBoard({ pipeline, q, filters = {}, updates, live = [], onLeadSaved }: PipelineBoardProps) {
  const { t } = useI18n();
  const toast = useToast();
  const [board, setBoard] = useState<BoardState>({
    source: pipeline,
    columns: pipeline.columns,
    applied: updates.length,
    live: live.length,
    recounted: {},
  });
  // Cards whose move from this board is being saved: a live event leaves them where they were dropped.
  const [saving, setSaving] = useState<ReadonlySet<string>>(() => new Set());
  const [loadingColumn, setLoadingColumn] = useState<LeadStatus | null>(null);
  const [dnd, setDnd] = useState<DndModule | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    let live = true;
    loadDnd().then(
      (module) => live && setDnd(module),
      () => undefined, // it could not be fetched: the board stays readable, only dragging is missing
    );
    return () => {
      live = false;
    };
  }, []);

  // New loader data (a revalidation) replaces the board; changes made elsewhere are applied once.
  if (board.source !== pipeline)
    setBoard({ source: pipeline, columns: pipeline.columns, applied: updates.length, live: live.length, recounted: {} });
  else if (board.applied < updates.length) {
    setBoard({ ...board, columns: updates.slice(board.applied).reduce<Columns>(applyLeadUpdate, board.columns), applied: updates.length });
  } else if (board.live < live.length && !dragging) {
    // Changes from other screens wait while a card is being dragged, then apply after the drop.
    const changes = live.slice(board.live);
    setBoard({
      ...board,
      columns: changes.reduce((columns, change) => change.board(columns, saving), board.columns),
      live: live.length,
      recounted: withRecounts(board.recounted, saving, changes),
    });
  }
  const setColumns = (change: (columns: Columns) => Columns) => setBoard((current) => ({ ...current, columns: change(current.columns) }));

  const saveStatus = async (lead: LeadDto, from: LeadStatus, to: LeadStatus) => {
    setBoard((current) => ({
      ...current,
      columns: moveLead(current.columns, lead.id, to),
      recounted: { ...current.recounted, [lead.id]: [] },
    }));
    setSaving((current) => new Set(current).add(lead.id));
    try {
      const result = await api<{ lead: LeadDto }>("PATCH", `/leads/${encodeURIComponent(lead.id)}`, { status: to });
      if (result?.lead) {
        setColumns((columns) => applyLeadUpdate(columns, result.lead));
        onLeadSaved?.(result.lead);
      }
      toast({ title: t("crm.leads.pipeline.statusUpdated"), variant: "success" });
    } catch (error) {
      // Back where it was, unless it has been moved again since. A column whose figures came
      // from the server during the save already counts the lead where it was.
      setBoard((current) => {
        const counted = new Set(current.recounted[lead.id] ?? []);
        if (findLead(current.columns, lead.id)?.status !== to) return current;
        return { ...current, columns: moveLead(current.columns, lead.id, from, lead, (status) => counted.has(status)) };
      });
      toast({
        title: t("crm.leads.pipeline.statusUpdateFailed"),
        description: error instanceof OfflineError ? t("crm.shared.offline") : (error as Error).message,
        variant: "destructive",
      });
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
  };

  const loadMore = async (column: PipelineColumnDto) => {
    if (!column.next_cursor || loadingColumn) return;
    setLoadingColumn(column.status);
    try {
      const page = await api<PipelineColumnDto>(
        "GET",
        `/leads/pipeline/${column.status}${queryString({ cursor: column.next_cursor, q: q || undefined, ...filters })}`,
      );
      setColumns((columns) => appendColumnPage(columns, page));
    } catch (error) {
      toast({
        title: t("crm.leads.pipeline.loadError"),
        description: error instanceof OfflineError ? t("crm.shared.offline") : (error as Error).message,
        variant: "destructive",
      });
    } finally {
      setLoadingColumn(null);
    }
  };

  const Column = dnd?.DroppableColumn ?? PipelineColumnView;
  const Card = dnd?.DraggableCard ?? PipelineCardView;

  // Phones: one column per screen, scrolled sideways by column; very wide screens: all six.
  // `relative`: screen-reader-only text inside stays inside this scroll box.
  const content = (
    <div
      className="relative -mx-3 flex snap-x snap-mandatory scroll-px-3 gap-3 overflow-x-auto px-3 pb-3 sm:mx-0 sm:px-0 data-[dragging=true]:snap-none 2xl:grid 2xl:grid-cols-6 2xl:overflow-visible"
      data-dragging={dragging ? "true" : undefined}
      data-dnd={dnd ? "ready" : undefined}
      data-testid="pipeline-board"
    >
      {board.columns.map((column) => (
        <Column
          key={column.status}
          column={column}
          loading={loadingColumn === column.status}
          onLoadMore={() => void loadMore(column)}
          renderCard={(lead) => <Card lead={lead} />}
        />
      ))}
    </div>
  );

  return (
    <section aria-label={t("crm.leads.pipeline.label")}>
      {/* Once loaded, the drag-and-drop context wraps the same board (one remount, after hydration). */}
      {dnd ? (
        <dnd.DndBoard onMove={(lead, from, to) => void saveStatus(lead, from, to)} onDraggingChange={setDragging}>
          {content}
        </dnd.DndBoard>
      ) : (
        content
      )}
    </section>
  );
}
