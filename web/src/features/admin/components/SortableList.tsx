import { closestCenter, DndContext, type DragEndEvent } from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { IconGrip } from '@/components/ui/icons';
import { sortableAnnouncements } from '@/lib/sortable-announcements';
import { useSortableSensors } from '@/lib/sortable-sensors';

/**
 * A list reordered by dragging its handles (spec §4, §9: mouse after 10 px, touch after
 * 250 ms, keyboard with Space and the arrows). `onMove` hears the dragged item and the one it
 * was dropped on; a drop on itself is not reported. `disabled` shows the same rows without
 * handles (a sorted or filtered view of a hand-ordered list).
 */
export function SortableList<T extends { id: number }>({
  label,
  items,
  itemLabel,
  onMove,
  children,
  layout = 'rows',
  disabled = false,
}: {
  label: string;
  items: T[];
  itemLabel: (item: T) => string;
  onMove: (activeId: number, overId: number) => void;
  children: (item: T) => ReactNode;
  layout?: 'rows' | 'cards';
  disabled?: boolean;
}) {
  const sensors = useSortableSensors();
  const onDragEnd = (event: DragEndEvent) => {
    if (!event.over || event.active.id === event.over.id) return;
    onMove(Number(event.active.id), Number(event.over.id));
  };
  const ids = items.map((i) => i.id);
  const announcements = sortableAnnouncements(ids, (id) => {
    const item = items.find((i) => i.id === id);
    return item ? itemLabel(item) : 'the item';
  });
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements }}
    >
      <SortableContext
        items={ids}
        strategy={layout === 'cards' ? rectSortingStrategy : verticalListSortingStrategy}
        disabled={disabled}
      >
        <ol className={`sortable sortable--${layout}`} aria-label={label}>
          {items.map((item) => (
            <SortableItem key={item.id} id={item.id} label={itemLabel(item)} disabled={disabled}>
              {children(item)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  label,
  disabled,
  children,
}: {
  id: number;
  label: string;
  disabled: boolean;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <li
      ref={setNodeRef}
      className={`sortable__item${isDragging ? ' is-dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid={`sortable-${id}`}
    >
      {disabled ? (
        <span className="icon-button drag-handle drag-handle--off" aria-hidden="true" />
      ) : (
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="icon-button drag-handle"
          aria-label={`Reorder ${label}`}
          {...attributes}
          {...listeners}
        >
          <IconGrip size={18} />
        </button>
      )}
      {children}
    </li>
  );
}
