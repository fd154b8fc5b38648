import { BadRequestException } from '@nestjs/common';
import { FilterKind } from '@app/contracts';
import { MAX_INT } from './params.js';

// The one reader of the filter list (DESIGN.md §2.6) for every endpoint that takes one: the
// public filters and facets, and the admin video filter (through FilterBodyDto).

/** One `id!kind` entry of a filter list. */
export interface FilterEntry {
  id: number;
  kind: FilterKind;
}

/** Filters grouped by kind: entries of one kind are OR-ed, different kinds AND-ed. */
export type FilterSelection = Map<FilterKind, number[]>;

/** A malformed filter list is the caller's mistake: 400 with a message that says what to send. */
export class FilterListError extends BadRequestException {
  constructor(message: string) {
    super({ message });
  }
}

const MAX_ENTRIES = 100;
const MAX_TEXT = 2000;
const KINDS = new Set<number>(Object.values(FilterKind).filter((v): v is number => typeof v === 'number'));
const KIND_NAMES = Object.entries(FilterKind)
  .filter(([, v]) => typeof v === 'number')
  .map(([name, v]) => `${v} ${name.toLowerCase()}`)
  .join(', ');

function entry(id: unknown, kind: unknown, shown: string): FilterEntry {
  const idText = String(id).trim();
  const kindText = String(kind).trim();
  if (!/^\d{1,10}$/.test(idText) || Number(idText) < 1 || Number(idText) > MAX_INT) {
    throw new FilterListError(`Invalid filter entry "${shown}": the id must be a whole number from 1`);
  }
  if (!/^\d{1,3}$/.test(kindText) || !KINDS.has(Number(kindText))) {
    throw new FilterListError(
      `Invalid filter entry "${shown}": unknown filter kind ${kindText.slice(0, 10)} (kinds: ${KIND_NAMES})`,
    );
  }
  return { id: Number(idText), kind: Number(kindText) as FilterKind };
}

function fromText(item: string): FilterEntry {
  const shown = item.length > 40 ? `${item.slice(0, 40)}...` : item;
  const match = /^\s*([^!]*)!([^!]*)\s*$/.exec(item);
  if (!match) throw new FilterListError(`Invalid filter entry "${shown}": expected id!kind, for example 12!4`);
  return entry(match[1], match[2], shown);
}

/**
 * Reads the filter list of a request body's `data`: the path form `12!4|7!7` or an array of
 * `"12!4"` strings or `{id, kind}` objects. Nothing (undefined, null, "", []) is the empty list.
 * Throws FilterListError with a message fit for the caller on anything malformed.
 */
export function parseFilterList(data: unknown): FilterEntry[] {
  if (data === undefined || data === null) return [];
  let items: unknown[];
  if (typeof data === 'string') {
    if (data.length > MAX_TEXT) throw new FilterListError('The filter list is too long');
    if (data.trim() === '') return [];
    items = data.split('|');
  } else if (Array.isArray(data)) {
    items = data;
  } else {
    throw new FilterListError('data must be a filter list such as "12!4|7!7" or a list of {id, kind}');
  }
  if (items.length > MAX_ENTRIES) throw new FilterListError(`A filter list holds at most ${MAX_ENTRIES} entries`);
  const entries = items.map((item) => {
    if (typeof item === 'string') return fromText(item);
    if (item && typeof item === 'object' && 'id' in item && 'kind' in item) {
      const { id, kind } = item as { id: unknown; kind: unknown };
      if (
        (typeof id !== 'number' && typeof id !== 'string') ||
        (typeof kind !== 'number' && typeof kind !== 'string')
      ) {
        throw new FilterListError('Invalid filter entry: id and kind must be numbers');
      }
      return entry(id, kind, `${String(id)}!${String(kind)}`.slice(0, 40));
    }
    throw new FilterListError('Invalid filter entry: expected "id!kind" or {id, kind}');
  });
  const seen = new Set<string>();
  return entries.filter((e) => {
    const key = `${e.id}!${e.kind}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function groupByKind(entries: FilterEntry[]): FilterSelection {
  const selection: FilterSelection = new Map();
  for (const { id, kind } of entries) selection.set(kind, [...(selection.get(kind) ?? []), id]);
  for (const ids of selection.values()) ids.sort((a, b) => a - b);
  return selection;
}

/** The selection without one kind: a facet list ignores its own kind so more values can be OR-ed in. */
export function withoutKind(selection: FilterSelection, kind: FilterKind): FilterSelection {
  const copy = new Map(selection);
  copy.delete(kind);
  return copy;
}
