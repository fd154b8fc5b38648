import type { Announcements, UniqueIdentifier } from '@dnd-kit/core';

/**
 * What a screen reader hears while a list is reordered by dragging (dnd-kit's live region):
 * the item's name and its place in the list, where dnd-kit's own words would read out the
 * internal ids ("Draggable item 152 was dropped over droppable area 491").
 */
export function sortableAnnouncements(
  ids: readonly UniqueIdentifier[],
  nameOf: (id: UniqueIdentifier) => string,
): Announcements {
  const place = (id: UniqueIdentifier) => `position ${ids.indexOf(id) + 1} of ${ids.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)} at ${place(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over ${place(over.id)}.` : `${nameOf(active.id)} is outside the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} was moved to ${place(over.id)}.` : `${nameOf(active.id)} was put back.`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled; it stays where it was.`,
  };
}
