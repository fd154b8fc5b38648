import type { FilterEntry } from '@/lib/api/types';

/** Adds an entry once per kind and id (spec viewer §4); a second pick of the same entry is ignored. */
export function addFilterEntry(list: FilterEntry[], entry: FilterEntry): FilterEntry[] {
  return list.some((e) => e.id === entry.id && e.kind === entry.kind) ? list : [...list, entry];
}

export function removeFilterEntry(list: FilterEntry[], entry: FilterEntry): FilterEntry[] {
  return list.filter((e) => !(e.id === entry.id && e.kind === entry.kind));
}
