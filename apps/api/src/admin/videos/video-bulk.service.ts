import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ProcessingState, Status } from '@app/contracts';
import { BANNERS, compact, nextPosition, playlistVideos, type OrderedSet } from '../common/ordered-set.js';
import { raiseRevisions } from '../common/revision.js';
import { VideoBulkRepository } from './video-bulk.repository.js';
import { checkBulkTarget, runBulk, type AdminBulkResultDto, type BulkOutcome, type BulkPlan } from '../common/bulk.js';
import type { AdminVideoBulkDto, AdminVideoFilterDto } from './video-list.dto.js';
import { videoQueryOf } from './video-query.js';
import { VideosRepository, type VideoRow } from './videos.repository.js';
import { VideosService } from './videos.service.js';

/**
 * POST admin/videos/bulk: one action on chosen videos or on everything a filter matches, in
 * one transaction with the videos row-locked in id order (`runBulk`, shared with the playlist
 * list). Items the action cannot take (gone, already there, not failed) are left as they were
 * and named in the answer; bad input is a 400 before anything is written.
 */
@Injectable()
export class VideoBulkService implements BulkPlan<AdminVideoBulkDto> {
  readonly noun = 'video';

  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: VideoBulkRepository,
    private readonly videosRepository: VideosRepository,
    private readonly videos: VideosService,
  ) {}

  async run(body: AdminVideoBulkDto): Promise<AdminBulkResultDto> {
    await this.checkInput(body);
    return runBulk(this.dataSource, body, this);
  }

  lockExisting(em: EntityManager, ids: number[]): Promise<number[]> {
    return this.repository.lockExisting(em, ids);
  }

  matching(em: EntityManager, filter: AdminVideoFilterDto, limit: number, lock: boolean): Promise<number[]> {
    return this.repository.matching(em, videoQueryOf(filter), limit, lock);
  }

  /** Checks that need no lock: one target, the action's own fields, known tags. */
  private async checkInput(body: AdminVideoBulkDto): Promise<void> {
    checkBulkTarget(body);
    const needsPlaylist = body.action === 'add_to_playlist';
    const needsTags = body.action === 'add_tags' || body.action === 'remove_tags';
    if (needsPlaylist !== (body.playlist_id !== undefined)) {
      throw new BadRequestException({
        message: needsPlaylist ? 'Choose a playlist (playlist_id)' : 'playlist_id belongs to add_to_playlist only',
      });
    }
    if (needsTags !== (body.tag_ids !== undefined)) {
      throw new BadRequestException({
        message: needsTags ? 'Choose tags (tag_ids)' : 'tag_ids belongs to add_tags and remove_tags only',
      });
    }
    if (body.filter) videoQueryOf(body.filter);
    if (body.tag_ids) {
      const missing = await this.videosRepository.firstMissing('tags', body.tag_ids);
      if (missing !== undefined) throw new BadRequestException({ message: `Unknown tag ${missing}` });
    }
  }

  /**
   * The ordered lists an action changes, locked before the videos' rows as single edits and
   * deletes lock them (playlists by id, then banners), so the two never wait on each other.
   */
  async lists(em: EntityManager, body: AdminVideoBulkDto, items: () => Promise<number[]>): Promise<OrderedSet[]> {
    if (body.action === 'add_to_playlist') {
      if (!(await this.repository.editorialPlaylistExists(em, body.playlist_id!))) {
        throw new NotFoundException({ message: 'Playlist not found' });
      }
      return [playlistVideos(body.playlist_id!)];
    }
    if (body.action === 'delete') {
      return [...(await this.repository.playlistsHolding(em, await items())).map(playlistVideos), BANNERS];
    }
    return [];
  }

  async apply(em: EntityManager, body: AdminVideoBulkDto, ids: number[]): Promise<BulkOutcome> {
    if (ids.length === 0 && body.action !== 'add_to_playlist') return { changed: 0, skipped: [] };
    switch (body.action) {
      case 'access_on':
      case 'access_off':
        return {
          changed: await this.repository.setStatus(em, ids, body.action === 'access_on' ? Status.On : Status.Off),
          skipped: [],
        };
      case 'add_to_playlist':
        return this.addToPlaylist(em, body.playlist_id!, ids);
      case 'add_tags':
        return { changed: await this.repository.addTags(em, ids, body.tag_ids!), skipped: [] };
      case 'remove_tags':
        return { changed: await this.repository.removeTags(em, ids, body.tag_ids!), skipped: [] };
      case 'retry':
        return this.retry(em, ids);
      case 'delete':
        return this.delete(em, ids);
    }
  }

  private async addToPlaylist(em: EntityManager, playlistId: number, ids: number[]): Promise<BulkOutcome> {
    const set = playlistVideos(playlistId);
    const present = await this.repository.inPlaylist(em, playlistId, ids);
    const adding = ids.filter((id) => !present.has(id));
    if (adding.length) {
      await this.repository.appendToPlaylist(em, playlistId, adding, await nextPosition(em, set));
      await em.query('UPDATE playlists SET updated_at = now(), revision = revision + 1 WHERE id = $1', [playlistId]);
    }
    return {
      changed: adding.length,
      skipped: ids.filter((id) => present.has(id)).map((id) => ({ id, reason: 'already in the playlist' })),
    };
  }

  private async retry(em: EntityManager, ids: number[]): Promise<BulkOutcome> {
    const { queued, rows } = await this.repository.markFailedQueued(em, ids);
    const queuedSet = new Set(queued);
    return {
      changed: queued.length,
      skipped: rows.filter((row) => !queuedSet.has(row.id)).map((row) => ({ id: row.id, reason: whyNotRetried(row) })),
      after: async () => {
        for (const id of queued) await this.videos.enqueueTranscode(id);
      },
    };
  }

  /** As a single delete does: the rows go, then the playlists and banners holding them close their gaps. */
  private async delete(em: EntityManager, ids: number[]): Promise<BulkOutcome> {
    const playlistIds = await this.repository.playlistsHolding(em, ids);
    const hasBanners = await this.repository.anyBanner(em, ids);
    const deleted = await this.repository.delete(em, ids);
    for (const playlistId of playlistIds) await compact(em, playlistVideos(playlistId));
    await raiseRevisions(em, 'playlists', playlistIds);
    if (hasBanners) await compact(em, BANNERS);
    return {
      changed: deleted.length,
      skipped: [],
      after: async () => {
        for (const row of deleted) await this.videos.removeMedia(row);
      },
    };
  }
}

function whyNotRetried(row: Pick<VideoRow, 'processing_state' | 'original_key'>): string {
  if (!row.original_key) return 'no uploaded file to process';
  switch (row.processing_state) {
    case ProcessingState.Ready:
      return 'already processed';
    case ProcessingState.Queued:
    case ProcessingState.Processing:
      return 'being processed';
    default:
      return `not failed (${row.processing_state})`;
  }
}
