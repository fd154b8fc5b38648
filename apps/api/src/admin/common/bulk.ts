import { BadRequestException, ConflictException } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsInt, Max, Min } from 'class-validator';
import type { DataSource, EntityManager } from 'typeorm';
import { MAX_INT } from '../../common/params.js';
import { includesSet, lockSets, type OrderedSet } from './ordered-set.js';

/** Most ids one bulk request may name; a filter may match more, up to BULK_FILTER_MAX. */
export const BULK_MAX_IDS = 1000;
export const BULK_FILTER_MAX = 10_000;

/** The chosen items of a bulk request: 1 to BULK_MAX_IDS ids, each with the list's own noun in its messages. */
export function IsBulkIds(noun: string): PropertyDecorator {
  const message = `ids must be a list of ${noun} ids`;
  return (target, key) => {
    IsArray({ message })(target, key);
    ArrayMinSize(1, { message: `please, choose a ${noun}` })(target, key);
    ArrayMaxSize(BULK_MAX_IDS, { message: `At most ${BULK_MAX_IDS} ${noun}s at a time; use a filter for more` })(
      target,
      key,
    );
    IsInt({ each: true, message })(target, key);
    Min(1, { each: true, message })(target, key);
    Max(MAX_INT, { each: true, message })(target, key);
  };
}

export class AdminBulkSkipDto {
  @ApiProperty()
  id: number;

  @ApiProperty({ example: 'not found' })
  reason: string;
}

/** What a bulk action did: everything in one transaction; items it could not take are named. */
export class AdminBulkResultDto {
  @ApiProperty({ example: 'access_off' })
  action: string;

  @ApiProperty({ description: 'Items the request named or its filter matched' })
  matched: number;

  @ApiProperty({ description: 'Items the action changed' })
  changed: number;

  @ApiProperty({ type: [AdminBulkSkipDto], description: 'Items left as they were, each with the reason' })
  skipped: AdminBulkSkipDto[];

  @ApiProperty({ example: '12 videos changed' })
  message: string;
}

export interface BulkOutcome {
  changed: number;
  skipped: AdminBulkSkipDto[];
  /** Work for after the commit (queues, stored files): never undone by a rollback, never blocking it. */
  after?: () => Promise<void>;
}

/** A bulk request's target: chosen ids or a filter, never both. */
export interface BulkTarget<F> {
  action: string;
  ids?: number[];
  filter?: F;
}

/** What one list's bulk actions supply; `runBulk` holds the order every list follows. */
export interface BulkPlan<B extends BulkTarget<unknown>> {
  /** Singular noun for the answer's message ("video", "playlist"). */
  noun: string;
  /**
   * The ordered lists the action changes for these items (a theme's playlists, the banners...),
   * locked before the items' rows as single edits lock them. Throws NotFound for a target list
   * that does not exist.
   */
  lists(em: EntityManager, body: B, items: () => Promise<number[]>): Promise<OrderedSet[]>;
  /** Of the named ids, those that exist, row-locked in id order. */
  lockExisting(em: EntityManager, ids: number[]): Promise<number[]>;
  /** What the filter matches in id order, at most `limit` + 1, row-locked when `lock`. */
  matching(em: EntityManager, filter: NonNullable<B['filter']>, limit: number, lock: boolean): Promise<number[]>;
  apply(em: EntityManager, body: B, ids: number[]): Promise<BulkOutcome>;
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** 400 unless exactly one of ids and filter is given. */
export function checkBulkTarget(body: BulkTarget<unknown>): void {
  if ((body.ids === undefined) === (body.filter === undefined)) {
    throw new BadRequestException({ message: 'Give either ids or filter' });
  }
}

/**
 * One bulk action in one transaction: the lists it changes are locked, then the items' rows in
 * id order (so two bulk actions lock in the same order), then it is applied. Named ids that no
 * longer exist, and items the action cannot take, are left as they were and named; work on
 * files and queues runs after the commit.
 */
export async function runBulk<B extends BulkTarget<unknown>>(
  dataSource: DataSource,
  body: B,
  plan: BulkPlan<B>,
): Promise<AdminBulkResultDto> {
  checkBulkTarget(body);
  let matched = 0;
  const attempt = () =>
    dataSource.transaction(async (em) => {
      const lists = await plan.lists(em, body, () => targetIds(em, body, plan));
      await lockSets(em, lists);
      const { ids, missing } = await resolveTargets(em, body, plan);
      // Between the first look and the row locks, another edit may have put an item in a list
      // not locked above; taking that list now would break the order, so the action starts again.
      const now = await plan.lists(em, body, async () => ids);
      if (now.some((set) => !includesSet(lists, set))) throw new ListsMovedError();
      matched = ids.length + missing.length;
      const result = await plan.apply(em, body, ids);
      return { ...result, skipped: [...missing.map((id) => ({ id, reason: 'not found' })), ...result.skipped] };
    });
  let outcome: Awaited<ReturnType<typeof attempt>>;
  for (let tries = 1; ; tries++) {
    try {
      outcome = await attempt();
      break;
    } catch (error) {
      if (!(error instanceof ListsMovedError)) throw error;
      if (tries >= 3) {
        throw new ConflictException({ message: 'Other edits kept changing these lists meanwhile: try again' });
      }
    }
  }
  await outcome.after?.();
  return {
    action: body.action,
    matched,
    changed: outcome.changed,
    skipped: outcome.skipped,
    message: `${plural(outcome.changed, plan.noun)} changed${outcome.skipped.length ? `, ${outcome.skipped.length} left as they were` : ''}`,
  };
}

/** An item of the action joined a list while the action waited for its rows: it runs again. */
class ListsMovedError extends Error {}

/** The ids a bulk request names or its filter matches, without row locks (to find the lists to lock first). */
async function targetIds<B extends BulkTarget<unknown>>(
  em: EntityManager,
  body: B,
  plan: Pick<BulkPlan<B>, 'matching'>,
): Promise<number[]> {
  return body.ids ?? plan.matching(em, body.filter as NonNullable<B['filter']>, BULK_FILTER_MAX, false);
}

async function resolveTargets<B extends BulkTarget<unknown>>(
  em: EntityManager,
  body: B,
  plan: BulkPlan<B>,
): Promise<{ ids: number[]; missing: number[] }> {
  if (body.filter !== undefined) {
    const ids = await plan.matching(em, body.filter as NonNullable<B['filter']>, BULK_FILTER_MAX, true);
    if (ids.length > BULK_FILTER_MAX) {
      throw new BadRequestException({
        message: `This filter matches more than ${BULK_FILTER_MAX.toLocaleString('en')} ${plan.noun}s; narrow it down`,
      });
    }
    return { ids, missing: [] };
  }
  const named = [...new Set(body.ids)];
  const found = new Set(await plan.lockExisting(em, named));
  // The chosen order (adding to a list appends in it), without the ones that are gone.
  return { ids: named.filter((id) => found.has(id)), missing: named.filter((id) => !found.has(id)) };
}
