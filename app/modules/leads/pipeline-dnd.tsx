import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { IconButton } from "@radix-ui/themes";
import { canEditLead } from "@worker/auth/crm-permissions";
import { LEAD_STATUSES, type LeadStatus } from "@worker/db/schema/enums";
import type { LeadDto } from "@worker/services/crm-types";
import { useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from "react";
import { useI18n } from "~/i18n/react";
import { useAuth } from "~/modules/auth/auth-context";
import { PipelineCardView, PipelineColumnView, type ColumnViewProps } from "./pipeline-views";

export { saveMove } from "./pipeline-moves";

// The pipeline's drag and drop (@dnd-kit/core), loaded after the page is up: mouse (5 px),
// touch (120 ms press) and keyboard (space, arrows, space) move a card between columns.
// Saving a move (and its 'Desfazer') is pipeline-moves.tsx, part of this chunk.

type DragData = { lead: LeadDto; status: LeadStatus };

const isStatus = (value: unknown): value is LeadStatus => (LEAD_STATUSES as readonly unknown[]).includes(value);
const dragData = (active: { data: { current?: unknown } }) => active.data.current as DragData | undefined;

/** The column a keyboard drag is aimed at (the board's `over` lags behind quick key presses). */
let keyboardTarget: LeadStatus | null = null;

/**
 * Arrow keys jump a dragged card from column to column (instead of 25 px at a time): the
 * card's overlay moves sideways to the middle of the next column on the board, and the
 * board scrolls when that column is out of view. Up and down do nothing: a column is one
 * drop target.
 */
const columnKeyboardCoordinates: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  if (event.code === "ArrowUp" || event.code === "ArrowDown") {
    event.preventDefault();
    return currentCoordinates;
  }
  const step = event.code === "ArrowRight" ? 1 : event.code === "ArrowLeft" ? -1 : 0;
  if (!step) return undefined;
  event.preventDefault();
  const { active, droppableRects, collisionRect } = context;
  const from = keyboardTarget ?? (active ? dragData(active)?.status : undefined);
  if (!isStatus(from) || !collisionRect) return currentCoordinates;
  for (let index = LEAD_STATUSES.indexOf(from) + step; index >= 0 && index < LEAD_STATUSES.length; index += step) {
    const status = LEAD_STATUSES[index]!;
    const rect = droppableRects.get(status);
    if (rect) {
      keyboardTarget = status;
      return { x: rect.left + (rect.width - collisionRect.width) / 2, y: currentCoordinates.y };
    }
  }
  return currentCoordinates;
};

/**
 * A card held near the edge of the board (or of a column) by a finger scrolls it gently:
 * in the outer tenth only (on a phone, the last 39 px of the screen), at most 4 px every
 * 10 ms (about one column a second), slower further from the edge. dnd-kit's default (a
 * fifth of the board, 10 px every 5 ms) crossed a phone's five columns in under a second, so
 * a card held at the edge ended in 'Perdidos' before the finger could let go. The drop is
 * still the column under the finger. Mouse drags keep the default; keyboard moves scroll
 * column by column (columnKeyboardCoordinates).
 */
const TOUCH_AUTO_SCROLL = { threshold: { x: 0.1, y: 0.1 }, acceleration: 4, interval: 10 };

/** The pointer decides for mouse and touch (outside every column = nothing); the card's box for the keyboard. */
const collisionDetection: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args));

type DndBoardProps = {
  children: ReactNode;
  /** A card dropped on another column (never called for its own column or outside the columns). */
  onMove: (lead: LeadDto, from: LeadStatus, to: LeadStatus) => void;
  onDraggingChange: (dragging: boolean) => void;
};

/** The drag-and-drop context of the board: sensors, screen-reader texts in the page's language, the overlay. */
export function DndBoard({ children, onMove, onDraggingChange }: DndBoardProps) {
  const { t } = useI18n();
  const [active, setActive] = useState<DragData | null>(null);
  const [touch, setTouch] = useState(false);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 120, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );

  // The column last announced: dnd-kit reports "over" its own column right after the pick-up,
  // which would replace "picked up" before a screen reader says it.
  const lastOver = useRef<unknown>(null);
  const announcements = useMemo<Announcements>(() => {
    const column = (status: unknown) => (isStatus(status) ? t(`crm.leads.pipeline.columns.${status}`) : "");
    const name = (active: { data: { current?: unknown } }) => dragData(active)?.lead.name ?? "";
    return {
      onDragStart: ({ active }) => {
        lastOver.current = dragData(active)?.status;
        return t("crm.leads.pipeline.drag.pickedUp", { name: name(active), column: column(dragData(active)?.status) });
      },
      onDragOver: ({ active, over }) => {
        const id = over?.id ?? null;
        if (id === lastOver.current) return undefined;
        lastOver.current = id;
        return over
          ? t("crm.leads.pipeline.drag.over", { name: name(active), column: column(over.id) })
          : t("crm.leads.pipeline.drag.overNone", { name: name(active) });
      },
      onDragEnd: ({ active, over }) =>
        over
          ? t("crm.leads.pipeline.drag.dropped", { name: name(active), column: column(over.id) })
          : t("crm.leads.pipeline.drag.droppedNone", { name: name(active) }),
      onDragCancel: ({ active }) =>
        t("crm.leads.pipeline.drag.cancelled", { name: name(active), column: column(dragData(active)?.status) }),
    };
  }, [t]);

  const stop = () => {
    setActive(null);
    onDraggingChange(false);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    stop();
    const data = dragData(active);
    // Outside every column, or back in its own: nothing changes and nothing is sent.
    if (!data || !over || !isStatus(over.id) || over.id === data.status) return;
    onMove(data.lead, data.status, over.id);
  };

  return (
    <DndContext
      // A fixed id keeps the instructions' id stable (dnd-kit would count instances).
      id="leads-pipeline-dnd"
      sensors={sensors}
      collisionDetection={collisionDetection}
      autoScroll={touch ? TOUCH_AUTO_SCROLL : true}
      onDragStart={({ active, activatorEvent }) => {
        keyboardTarget = null;
        setTouch("touches" in activatorEvent);
        setActive(dragData(active) ?? null);
        onDraggingChange(true);
      }}
      onDragEnd={onDragEnd}
      onDragCancel={stop}
      accessibility={{ screenReaderInstructions: { draggable: t("crm.leads.pipeline.drag.instructions") }, announcements }}
    >
      {children}
      <DragOverlay>{active ? <PipelineCardView lead={active.lead} overlay /> : null}</DragOverlay>
    </DndContext>
  );
}

/** A column that takes dropped cards. */
export function DroppableColumn(props: ColumnViewProps) {
  const { setNodeRef, isOver } = useDroppable({ id: props.column.status });
  return <PipelineColumnView {...props} dropRef={setNodeRef} isOver={isOver} />;
}

/** Six dots (drawn here: an icon from the shared icon chunk would weigh on every CRM page). */
function GripIcon() {
  return (
    <svg width="15" height="15" viewBox="0 0 15 15" fill="currentColor" aria-hidden>
      {[4, 7.5, 11].map((y) => [5.5, 9.5].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.1" />))}
    </svg>
  );
}

/** A card the viewer may move (crm-permissions canEditLead): mouse and touch on the card, the keyboard on its handle. */
export function DraggableCard({ lead }: { lead: LeadDto }) {
  const { t } = useI18n();
  const { profile } = useAuth();
  const movable = Boolean(profile && canEditLead(profile, lead));
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: lead.id,
    data: { lead, status: lead.status } satisfies DragData,
    disabled: !movable,
    attributes: { roleDescription: t("crm.leads.pipeline.drag.roleDescription") },
  });
  const { onKeyDown, ...pointerListeners } = listeners ?? {};
  return (
    <PipelineCardView
      lead={lead}
      nodeRef={setNodeRef}
      dragging={isDragging}
      cardProps={movable ? (pointerListeners as HTMLAttributes<HTMLElement>) : undefined}
      handle={
        movable ? (
          <IconButton
            ref={setActivatorNodeRef}
            size="1"
            variant="ghost"
            color="gray"
            {...attributes}
            onKeyDown={onKeyDown as HTMLAttributes<HTMLButtonElement>["onKeyDown"]}
            aria-label={t("crm.leads.pipeline.drag.handle", { name: lead.name })}
            className="!m-0 cursor-grab"
            data-testid="pipeline-drag-handle"
          >
            <GripIcon />
          </IconButton>
        ) : undefined
      }
    />
  );
}
