import type { LeadStatus } from "@worker/db/schema/enums";
import type { LeadDto, PipelineColumnDto, PipelineDto } from "@worker/services/crm-types";
import { useEffect, useRef, useState } from "react";
import { loadChunk } from "~/components/lazy-chunk";
import { useToast } from "~/components/ui/toaster";
import { useI18n } from "~/i18n/react";
import type { LeadFilters } from "@worker/services/lead-filter-keys";
import { apiClient, call, OfflineError } from "~/modules/crm/api-client";
import { appendColumnPage, applyLeadUpdate, withRecounts, type Columns, type LiveChange, type Recounted } from "./pipeline-state";
import { PipelineTabs } from "./pipeline-tabs";
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
 * column shows there at once, then is saved and put back if that fails, with 'Desfazer' in
 * its toast (pipeline-moves.tsx, in the same lazily loaded chunk).
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
  const boardRef = useRef<HTMLDivElement>(null);
  // The column the board shows at its left edge, for the tabs (phones: the one on screen).
  const [shown, setShown] = useState(0);

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

  const loadMore = async (column: PipelineColumnDto) => {
    if (!column.next_cursor || loadingColumn) return;
    setLoadingColumn(column.status);
    try {
      const page = await call(
        apiClient.leads.pipeline[":status"].$get({
          param: { status: column.status },
          query: { cursor: column.next_cursor, q: q || undefined, ...filters },
        }),
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

  // Phones: one column per screen, scrolled sideways by column (snapping), with the columns'
  // names as tabs above; from a board 60rem wide (1280 px with the sidebar): all six, in a
  // grid. The board fills the screen's height (leads.tsx) and each column scrolls inside.
  // `relative`: screen-reader-only text inside stays inside this scroll box.
  const content = (
    <div
      ref={boardRef}
      // A column's share of the board's width: which one is at its left edge.
      onScroll={({ currentTarget: board }) => setShown(Math.round((board.scrollLeft * board.children.length) / board.scrollWidth))}
      className="relative -mx-3 flex min-h-0 flex-1 snap-x snap-mandatory scroll-px-3 gap-3 overflow-x-auto px-3 pb-3 motion-safe:scroll-smooth sm:mx-0 sm:px-0 data-[dragging=true]:snap-none data-[dragging=true]:scroll-auto @min-[60rem]:grid @min-[60rem]:grid-cols-6 @min-[60rem]:grid-rows-[minmax(0,1fr)] @min-[60rem]:gap-2 @min-[60rem]:overflow-visible @min-[60rem]:pb-0"
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
    <section aria-label={t("crm.leads.pipeline.label")} className="@container flex min-h-0 flex-1 flex-col gap-3">
      <PipelineTabs
        columns={board.columns}
        shown={shown}
        onShow={(index) => boardRef.current?.children[index]?.scrollIntoView({ block: "nearest", inline: "start" })}
      />
      {/* Once loaded, the drag-and-drop context wraps the same board (one remount, after hydration). */}
      {dnd ? (
        <dnd.DndBoard
          onMove={(lead, from, to) => void dnd.saveMove({ setBoard, setSaving, toast, t, onLeadSaved }, lead, from, to)}
          onDraggingChange={setDragging}
        >
          {content}
        </dnd.DndBoard>
      ) : (
        content
      )}
    </section>
  );
}
