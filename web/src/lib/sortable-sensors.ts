import { KeyboardSensor, MouseSensor, TouchSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { DRAG } from './constants';

/**
 * How every list reordered by dragging is picked up (My Playlists and the admin lists): the
 * mouse after a few pixels, a finger after a short press, the keyboard with Space.
 */
export function useSortableSensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG.mouseDistance } }),
    useSensor(TouchSensor, { activationConstraint: { delay: DRAG.touchDelay, tolerance: DRAG.touchTolerance } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}
