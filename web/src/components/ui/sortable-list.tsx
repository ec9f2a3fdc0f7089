import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DraggableAttributes,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { CSSProperties, ReactNode } from 'react';

// Drag and drop (dnd-kit) is heavy: import this module only from lazily loaded components, so the
// pages that show a sortable list keep it out of their first load (/signup's budget,
// web/build/bundle-budget.ts).

/** What a row needs to be sortable: its element's ref and moving style, and its drag handle's props. */
export interface SortableRow {
  /** Spread on the row element (the `li`). */
  rowProps: { ref: (element: HTMLElement | null) => void; style: CSSProperties };
  /** Spread on the row's handle button: pointer, touch and keyboard (Space, arrows, Space) drag it. */
  handleProps: DraggableAttributes & {
    ref: (element: HTMLElement | null) => void;
    [listener: `on${string}`]: unknown;
  };
  isDragging: boolean;
}

interface SortableListProps<T extends { id: UniqueIdentifier }> {
  items: readonly T[];
  /** The list's accessible name. */
  label: string;
  /** `ol` when the position means something (it is numbered), `ul` otherwise. */
  as?: 'ol' | 'ul';
  className?: string;
  /** What screen readers hear while a row is picked up, moved and dropped. */
  announcements: Announcements;
  /** How to drag with the keyboard, read when a handle is focused (dnd-kit's default otherwise). */
  screenReaderInstructions?: string;
  /** The list in its new order, once a row is dropped somewhere else. */
  onReorder: (items: T[]) => void;
  renderRow: (item: T, index: number, row: SortableRow) => ReactNode;
}

/**
 * A vertical list reordered by dragging each row's handle (mouse, touch or keyboard): the sign-up
 * form's challenges and the owner's challenge list.
 */
export function SortableList<T extends { id: UniqueIdentifier }>({
  items,
  label,
  as: List = 'ul',
  className,
  announcements,
  screenReaderInstructions,
  onReorder,
  renderRow,
}: SortableListProps<T>) {
  const sensors = useSensors(
    // A few pixels of movement before a drag starts, so a tap on the handle is not a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...items], from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        ...(screenReaderInstructions ? { screenReaderInstructions: { draggable: screenReaderInstructions } } : {}),
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <List aria-label={label} className={className}>
          {items.map((item, index) => (
            <SortableItem key={item.id} id={item.id}>
              {(row) => renderRow(item, index, row)}
            </SortableItem>
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, children }: { id: UniqueIdentifier; children: (row: SortableRow) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return children({
    // A vertical list: only the vertical part of the drag moves the row.
    rowProps: {
      ref: setNodeRef,
      style: { transform: CSS.Translate.toString(transform && { ...transform, x: 0 }), transition },
    },
    handleProps: { ref: setActivatorNodeRef, ...attributes, ...listeners },
    isDragging,
  });
}
