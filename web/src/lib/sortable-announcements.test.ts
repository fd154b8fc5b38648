import { describe, expect, it } from 'vitest';
import { sortableAnnouncements } from './sortable-announcements';

const titles: Record<number, string> = { 152: 'Salt and Rope', 491: 'Night Drive', 103: 'Afterglow' };
const say = sortableAnnouncements([152, 491, 103], (id) => titles[Number(id)]!);
const item = (id: number) => ({
  id,
  data: { current: undefined },
  rect: { current: { initial: null, translated: null } },
});
const spot = (id: number) => ({
  id,
  rect: { width: 0, height: 0, top: 0, left: 0, bottom: 0, right: 0 },
  disabled: false,
  data: { current: undefined },
});

describe('what a screen reader hears while a list is reordered', () => {
  it('names the item and its place, never an id', () => {
    expect(say.onDragStart({ active: item(152) })).toBe('Picked up Salt and Rope at position 1 of 3.');
    expect(say.onDragOver({ active: item(152), over: spot(103) })).toBe('Salt and Rope is over position 3 of 3.');
    expect(say.onDragEnd({ active: item(152), over: spot(491) })).toBe('Salt and Rope was moved to position 2 of 3.');
    expect(say.onDragCancel({ active: item(152), over: null })).toBe(
      'Moving Salt and Rope was cancelled; it stays where it was.',
    );
    for (const line of [
      say.onDragOver({ active: item(491), over: null }),
      say.onDragEnd({ active: item(491), over: null }),
    ]) {
      expect(line).toContain('Night Drive');
      expect(line).not.toMatch(/\d{3}/);
    }
  });
});
