import { BadRequestException, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/**
 * A list kept in order by a `position` column, 1..n without gaps (DESIGN.md §2.7): a
 * playlist's videos, a group's playlists, the groups, the banners. Every change runs inside
 * the caller's transaction, under a transaction-scoped advisory lock for the list, with the
 * DEFERRABLE unique (parent, position) constraint deferred to commit.
 */
export interface OrderedSet {
  table: 'playlist_videos' | 'group_playlists' | 'groups' | 'banner_videos';
  /** The parent column and id for nested lists; absent for the global lists. */
  scope?: { column: 'playlist_id' | 'group_id'; id: number };
  /** Column that identifies an item in `positions` input (e.g. video_id in a playlist). */
  member: 'video_id' | 'playlist_id' | 'id';
  /** Singular noun for messages ("video", "playlist", "theme", "banner"). */
  noun: string;
  /** Where it lives ("this playlist", "this theme", "the theme list", "the banner list"). */
  where: string;
}

export interface PositionEntry {
  id: number;
  position: number;
}

interface Row {
  id: number;
  member: number;
  position: number;
}

function scopeSql(set: OrderedSet, first: number): { sql: string; params: unknown[] } {
  return set.scope ? { sql: `${set.scope.column} = $${first}`, params: [set.scope.id] } : { sql: 'TRUE', params: [] };
}

/** Serialises every writer of one list and defers the position constraint to commit. */
export async function lockSet(em: EntityManager, set: OrderedSet): Promise<void> {
  await em.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [setKey(set)]);
  await em.query('SET CONSTRAINTS ALL DEFERRED');
}

/** The one order in which every writer that needs several lists takes them: by table, then parent id. */
const TABLE_ORDER: OrderedSet['table'][] = ['playlist_videos', 'group_playlists', 'groups', 'banner_videos'];

function setKey(set: OrderedSet): string {
  return `${set.table}:${set.scope?.id ?? '*'}`;
}

/** True when `set` is one of `sets` (the same list). */
export function includesSet(sets: readonly OrderedSet[], set: OrderedSet): boolean {
  return sets.some((other) => setKey(other) === setKey(set));
}

/**
 * Locks several lists in the one order every writer follows (by table, then parent id), so two
 * transactions that need some of the same lists never wait on each other in a cycle.
 */
export async function lockSets(em: EntityManager, sets: readonly OrderedSet[]): Promise<void> {
  const unique = [...new Map(sets.map((set) => [setKey(set), set])).values()];
  unique.sort(
    (a, b) => TABLE_ORDER.indexOf(a.table) - TABLE_ORDER.indexOf(b.table) || (a.scope?.id ?? 0) - (b.scope?.id ?? 0),
  );
  for (const set of unique) await lockSet(em, set);
}

async function rows(em: EntityManager, set: OrderedSet): Promise<Row[]> {
  const where = scopeSql(set, 1);
  return em.query(
    `SELECT id, ${set.member} AS member, position FROM ${set.table} WHERE ${where.sql} ORDER BY position FOR UPDATE`,
    where.params,
  );
}

/** The position a new item takes at the end of the list. */
export async function nextPosition(em: EntityManager, set: OrderedSet): Promise<number> {
  const where = scopeSql(set, 1);
  const [row] = await em.query(
    `SELECT COALESCE(MAX(position), 0) + 1 AS next FROM ${set.table} WHERE ${where.sql}`,
    where.params,
  );
  return Number(row.next);
}

/**
 * Move semantics: the item at `from` takes position `to` and the items between shift by one
 * toward the gap, which is what the drag shows on screen. Dropping on itself changes nothing.
 */
export async function moveItem(em: EntityManager, set: OrderedSet, from: number, to: number): Promise<void> {
  await lockSet(em, set);
  const list = await rows(em, set);
  const moving = list.find((row) => row.position === from);
  if (!moving) throw new NotFoundException({ message: `There is no ${set.noun} at position ${from} in ${set.where}` });
  if (to > list.length) {
    throw new BadRequestException({ message: `Position ${to} is past the end of ${set.where} (${list.length} items)` });
  }
  if (from === to) return;
  const where = scopeSql(set, 3);
  if (from < to) {
    await em.query(
      `UPDATE ${set.table} SET position = position - 1 WHERE ${where.sql} AND position > $1 AND position <= $2`,
      [from, to, ...where.params],
    );
  } else {
    await em.query(
      `UPDATE ${set.table} SET position = position + 1 WHERE ${where.sql} AND position >= $2 AND position < $1`,
      [from, to, ...where.params],
    );
  }
  await em.query(`UPDATE ${set.table} SET position = $1 WHERE id = $2`, [to, moving.id]);
}

/**
 * The edit forms send the order they show as [{id, position}]. Listed items take their new
 * positions, the others keep theirs, and the result must still be 1..n with no repeats.
 */
export async function applyPositions(em: EntityManager, set: OrderedSet, entries: PositionEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await lockSet(em, set);
  const list = await rows(em, set);
  const byMember = new Map(list.map((row) => [row.member, row]));
  const next = new Map(list.map((row) => [row.id, row.position]));
  const seen = new Set<number>();
  for (const entry of entries) {
    const row = byMember.get(entry.id);
    if (!row) throw new BadRequestException({ message: `${capitalise(set.noun)} ${entry.id} is not in ${set.where}` });
    if (seen.has(entry.id))
      throw new BadRequestException({ message: `${capitalise(set.noun)} ${entry.id} is listed twice` });
    seen.add(entry.id);
    next.set(row.id, entry.position);
  }
  const positions = [...next.values()].sort((a, b) => a - b);
  if (positions.some((position, index) => position !== index + 1)) {
    throw new BadRequestException({
      message: `Positions must run from 1 to ${list.length} in ${set.where}, each used once`,
    });
  }
  for (const row of list) {
    const position = next.get(row.id)!;
    if (position !== row.position)
      await em.query(`UPDATE ${set.table} SET position = $1 WHERE id = $2`, [position, row.id]);
  }
}

/** Closes the gaps a removal left: positions become 1..n in their current order. */
export async function compact(em: EntityManager, set: OrderedSet): Promise<void> {
  await lockSet(em, set);
  const where = scopeSql(set, 1);
  await em.query(
    `UPDATE ${set.table} t SET position = r.rn
       FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS rn FROM ${set.table} WHERE ${where.sql}) r
      WHERE t.id = r.id AND t.position <> r.rn`,
    where.params,
  );
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const playlistVideos = (playlistId: number): OrderedSet => ({
  table: 'playlist_videos',
  scope: { column: 'playlist_id', id: playlistId },
  member: 'video_id',
  noun: 'video',
  where: 'this playlist',
});

export const groupPlaylists = (groupId: number): OrderedSet => ({
  table: 'group_playlists',
  scope: { column: 'group_id', id: groupId },
  member: 'playlist_id',
  noun: 'playlist',
  where: 'this theme',
});

export const GROUPS: OrderedSet = { table: 'groups', member: 'id', noun: 'theme', where: 'the theme list' };

export const BANNERS: OrderedSet = { table: 'banner_videos', member: 'id', noun: 'banner', where: 'the banner list' };
