import type { Announcements, DragEndEvent, Modifier } from '@dnd-kit/core';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, ReactNode } from 'react';
import { createContext, useContext } from 'react';
import { createIcon } from '@/components/ui/icons';

// The grip (after Lucide, ISC licence), here with the only component that draws it.
const GripIcon = createIcon(
  <path d="M9 5h.01M9 12h.01M9 19h.01M15 5h.01M15 12h.01M15 19h.01" strokeWidth={3} />,
);

/** Lists here only go up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

interface SortableListProps {
  /** The items' stable ids, in order. */
  ids: readonly string[];
  /** What an item is called to a screen reader: "Block B", "Set 3". */
  labelOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

/**
 * A list reordered by dragging an item's handle, or from the keyboard: focus the handle, Space to pick up,
 * arrows to move, Space to drop, Escape to cancel; each step is announced (dnd-kit).
 */
export function SortableList({ ids, labelOf, onMove, children }: SortableListProps) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so a tap on the handle stays a tap.
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: string | number) => ids.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${labelOf(String(active.id))}. Use the arrow keys to move it, Space to drop it.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${labelOf(String(active.id))} is at position ${position(over.id)} of ${ids.length}.`
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? `${labelOf(String(active.id))} dropped at position ${position(over.id)} of ${ids.length}.`
        : undefined,
    onDragCancel: ({ active }) => `Moving ${labelOf(String(active.id))} was cancelled.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      modifiers={[verticalOnly]}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable: 'To move this item, press Space, then the arrow keys, then Space again to drop it.',
        },
      }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

const HandleContext = createContext<ReactNode>(null);

const handleClass =
  'inline-flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-lg text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:cursor-grabbing';

/**
 * One item of a SortableList: moves with the drag. Its grip (named by `handleLabel`) is shown where the item's
 * content puts a DragHandle; focused, the grip moves the item with the keyboard.
 */
export function SortableItem({
  id,
  handleLabel,
  as: Element = 'li',
  className = '',
  children,
}: {
  id: string;
  handleLabel: string;
  as?: 'li' | 'div';
  className?: string;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Translate.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 10 : undefined,
  };
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={handleLabel}
      className={handleClass}
    >
      <GripIcon className="size-4" />
    </button>
  );
  return (
    <Element
      ref={setNodeRef}
      style={style}
      className={`${className} ${isDragging ? 'shadow-lg ring-2 ring-primary/40' : ''}`}
    >
      <HandleContext value={handle}>{children}</HandleContext>
    </Element>
  );
}

/** Where the grip of the SortableItem around it shows. */
export function DragHandle() {
  return <>{useContext(HandleContext)}</>;
}
