import { BadRequestException, ConflictException, NotFoundException } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { EntityManager } from 'typeorm';
import { MAX_INT } from '../../common/params.js';

/**
 * Optimistic concurrency for the staff edit forms (Edit Video, Edit Playlist, Edit Theme, Edit
 * Banner): each row has a `revision` that every save raises. A form sends the revision it
 * loaded; when another save came in between, its save is refused with 409 and nothing changes,
 * instead of silently putting back what the other person had just changed.
 */
export type RevisedTable = 'videos' | 'playlists' | 'groups' | 'banner_videos';

export const REVISION_MESSAGE = 'revision must be a whole number from 1';

export const REVISION_DOC =
  'The revision the edit form loaded (its info answer). When the stored one differs, someone else saved in ' +
  'between: 409 and nothing changes. Left out, the save is not checked (older clients). Every save raises it.';

/** DTO rule of an optional `revision` (JSON bodies). */
export function IsRevision(): PropertyDecorator {
  return (target, key) => {
    ApiPropertyOptional({ type: 'integer', minimum: 1, description: REVISION_DOC })(target, key);
    IsOptional()(target, key);
    IsInt({ message: REVISION_MESSAGE })(target, key);
    Min(1, { message: REVISION_MESSAGE })(target, key);
    Max(MAX_INT, { message: REVISION_MESSAGE })(target, key);
  };
}

/** The `revision` of a multipart form's `data` JSON: absent (or null) means "not checked". */
export function parseRevision(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > MAX_INT) {
    throw new BadRequestException({ message: REVISION_MESSAGE });
  }
  return value as number;
}

/** What a staff member is told when someone else saved the item after they opened it. */
export function staleMessage(noun: string): string {
  return `Someone else saved this ${noun} after you opened it. Reload to see their changes, then make yours again.`;
}

/**
 * Raises the row's revision inside the caller's transaction, first checking it is still
 * `expected` (when given), and answers the new one. The UPDATE takes the row's lock, so of two
 * saves sent at once from the same revision the second waits, finds the raised revision and
 * is refused: 404 when the row is gone, 409 when it was saved in between.
 */
export async function claimRevision(
  em: EntityManager,
  target: { table: RevisedTable; id: number; noun: string; notFound: string; where?: string },
  expected: number | undefined,
): Promise<number> {
  const [rows] = await em.query(
    `UPDATE ${target.table} SET revision = revision + 1
      WHERE id = $1 AND ($2::int IS NULL OR revision = $2) ${target.where ? `AND ${target.where}` : ''}
      RETURNING revision`,
    [target.id, expected ?? null],
  );
  if (rows.length > 0) return rows[0].revision;
  const exists: unknown[] = await em.query(
    `SELECT 1 FROM ${target.table} WHERE id = $1 ${target.where ? `AND ${target.where}` : ''}`,
    [target.id],
  );
  if (exists.length === 0) throw new NotFoundException({ message: target.notFound });
  throw new ConflictException({ message: staleMessage(target.noun) });
}

/**
 * Raises the revision of rows whose edit form shows something another call just changed (the
 * videos of a playlist, the playlists of a theme, access or tags set in bulk), so a form opened
 * before is refused rather than putting the old state back. In the caller's transaction, after
 * the lists it changed were locked.
 */
export async function raiseRevisions(em: EntityManager, table: RevisedTable, ids: readonly number[]): Promise<void> {
  if (ids.length) await em.query(`UPDATE ${table} SET revision = revision + 1 WHERE id = ANY($1::int[])`, [ids]);
}

/** The 409 of an edit call, for the OpenAPI document. */
export const STALE_DOC =
  'The revision sent is not the stored one: someone else saved after the form was opened. Nothing changed; ' +
  'the message says to reload and make the changes again';
