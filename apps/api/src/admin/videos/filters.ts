import { BadRequestException } from '@nestjs/common';
import { FilterKind } from '@app/contracts';

const KINDS = new Set<number>(Object.values(FilterKind).filter((value): value is number => typeof value === 'number'));

function fail(message: string): never {
  throw new BadRequestException({ message });
}

/**
 * A filter list (DESIGN.md §2.6) as `"id!kind|id!kind"` or `[{id, kind}]` into ids per kind.
 * Nothing (or an empty list) means no filter.
 */
export function parseFilterList(data: unknown): Map<FilterKind, number[]> {
  const entries: { id: unknown; kind: unknown }[] = [];
  if (data === undefined || data === null || (typeof data === 'string' && data.trim() === '')) return new Map();
  const fromText = (text: string) => {
    for (const part of text.split('|').filter((p) => p.trim() !== '')) {
      const match = /^\s*(\d{1,10})!(\d{1,2})\s*$/.exec(part);
      if (!match) fail(`Invalid filter entry "${part.slice(0, 40)}": use id!kind`);
      entries.push({ id: Number(match[1]), kind: Number(match[2]) });
    }
  };
  if (typeof data === 'string') fromText(data);
  else if (Array.isArray(data)) {
    for (const item of data) {
      if (typeof item === 'string') fromText(item);
      else if (typeof item === 'object' && item !== null) entries.push(item as { id: unknown; kind: unknown });
      else fail('Invalid filter entry: use {id, kind}');
    }
  } else fail('data must be a filter list: "id!kind|…" or [{id, kind}]');
  if (entries.length > 100) fail('At most 100 filter entries');

  const byKind = new Map<FilterKind, number[]>();
  for (const { id, kind } of entries) {
    if (!Number.isInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647)
      fail('Filter ids must be whole numbers from 1');
    if (!KINDS.has(kind as number)) fail(`Unknown filter kind ${String(kind).slice(0, 10)}`);
    const list = byKind.get(kind as FilterKind) ?? [];
    if (!list.includes(id as number)) list.push(id as number);
    byKind.set(kind as FilterKind, list);
  }
  return byKind;
}
