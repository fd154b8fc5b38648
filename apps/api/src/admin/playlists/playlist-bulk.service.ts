import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Status } from '@app/contracts';
import { checkBulkTarget, runBulk, type AdminBulkResultDto, type BulkOutcome, type BulkPlan } from '../common/bulk.js';
import { BANNERS, compact, groupPlaylists, nextPosition, type OrderedSet } from '../common/ordered-set.js';
import { raiseRevisions } from '../common/revision.js';
import { StoredFiles } from '../common/stored-files.js';
import type { AdminPlaylistBulkDto, AdminPlaylistFilterDto } from './playlist-list.dto.js';
import { playlistQueryOf } from './playlist-query.js';
import { PlaylistBulkRepository } from './playlist-bulk.repository.js';

/**
 * POST admin/playlists/bulk: access on/off, add to or take out of a theme, or delete, on chosen
 * editorial playlists or on everything a filter matches, the video list's way (`runBulk`): one
 * transaction, theme lists and banners locked before the playlists' rows, items it cannot take
 * named in the answer.
 */
@Injectable()
export class PlaylistBulkService implements BulkPlan<AdminPlaylistBulkDto> {
  readonly noun = 'playlist';

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: PlaylistBulkRepository,
    private readonly files: StoredFiles,
  ) {}

  run(body: AdminPlaylistBulkDto): Promise<AdminBulkResultDto> {
    checkBulkTarget(body);
    const needsTheme = body.action === 'add_to_theme' || body.action === 'remove_from_theme';
    if (needsTheme !== (body.group_id !== undefined)) {
      throw new BadRequestException({
        message: needsTheme
          ? 'Choose a theme (group_id)'
          : 'group_id belongs to add_to_theme and remove_from_theme only',
      });
    }
    if (body.filter) playlistQueryOf(body.filter);
    return runBulk(this.dataSource, body, this);
  }

  lockExisting(em: EntityManager, ids: number[]): Promise<number[]> {
    return this.repository.lockExisting(em, ids);
  }

  matching(em: EntityManager, filter: AdminPlaylistFilterDto, limit: number, lock: boolean): Promise<number[]> {
    return this.repository.matching(em, playlistQueryOf(filter), limit, lock);
  }

  /** As single edits lock: the theme's list (and banners, when taking out), or for a delete every theme holding them and banners. */
  async lists(em: EntityManager, body: AdminPlaylistBulkDto, items: () => Promise<number[]>): Promise<OrderedSet[]> {
    if (body.action === 'add_to_theme' || body.action === 'remove_from_theme') {
      if (!(await this.repository.themeExists(em, body.group_id!))) {
        throw new NotFoundException({ message: 'Theme not found' });
      }
      return body.action === 'remove_from_theme'
        ? [groupPlaylists(body.group_id!), BANNERS]
        : [groupPlaylists(body.group_id!)];
    }
    if (body.action === 'delete') {
      return [...(await this.repository.themesHolding(em, await items())).map(groupPlaylists), BANNERS];
    }
    return [];
  }

  async apply(em: EntityManager, body: AdminPlaylistBulkDto, ids: number[]): Promise<BulkOutcome> {
    if (ids.length === 0) return { changed: 0, skipped: [] };
    switch (body.action) {
      case 'access_on':
      case 'access_off':
        return {
          changed: await this.repository.setStatus(em, ids, body.action === 'access_on' ? Status.On : Status.Off),
          skipped: [],
        };
      case 'add_to_theme':
        return this.addToTheme(em, body.group_id!, ids);
      case 'remove_from_theme':
        return this.removeFromTheme(em, body.group_id!, ids);
      case 'delete':
        return this.delete(em, ids);
    }
  }

  private async addToTheme(em: EntityManager, groupId: number, ids: number[]): Promise<BulkOutcome> {
    const present = await this.repository.inTheme(em, groupId, ids);
    const adding = ids.filter((id) => !present.has(id));
    if (adding.length) {
      await this.repository.appendToTheme(em, groupId, adding, await nextPosition(em, groupPlaylists(groupId)));
      await raiseRevisions(em, 'groups', [groupId]);
    }
    return {
      changed: adding.length,
      skipped: ids.filter((id) => present.has(id)).map((id) => ({ id, reason: 'already in the theme' })),
    };
  }

  /** The theme closes its gaps; banners that showed these playlists in it go, and the banner list closes too. */
  private async removeFromTheme(em: EntityManager, groupId: number, ids: number[]): Promise<BulkOutcome> {
    const removed = new Set(await this.repository.removeFromTheme(em, groupId, ids));
    if (removed.size) {
      await compact(em, groupPlaylists(groupId));
      await raiseRevisions(em, 'groups', [groupId]);
      if (await this.repository.deleteBanners(em, [...removed], groupId)) await compact(em, BANNERS);
    }
    return {
      changed: removed.size,
      skipped: ids.filter((id) => !removed.has(id)).map((id) => ({ id, reason: 'not in the theme' })),
    };
  }

  /** As a single delete does: the rows go (their videos' entries and banners with them), the lists close their gaps. */
  private async delete(em: EntityManager, ids: number[]): Promise<BulkOutcome> {
    const themeIds = await this.repository.themesHolding(em, ids);
    const hasBanners = await this.repository.anyBanner(em, ids);
    const deleted = await this.repository.delete(em, ids);
    for (const groupId of themeIds) await compact(em, groupPlaylists(groupId));
    await raiseRevisions(em, 'groups', themeIds);
    if (hasBanners) await compact(em, BANNERS);
    return {
      changed: deleted.length,
      skipped: [],
      after: async () => {
        for (const row of deleted) await this.files.removeImage(row.thumbnail_key);
      },
    };
  }
}
