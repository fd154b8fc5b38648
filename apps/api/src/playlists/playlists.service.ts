import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DEFAULT_IDS } from '@app/contracts';
import type { User } from '@app/db';
import type { PlaylistDetailDto, PlaylistSummaryDto } from '../catalogue/dto/playlist.dto.js';
import { MediaUrls } from '../catalogue/media-urls.js';
import { PlaylistReadRepository } from '../catalogue/playlist-read.repository.js';
import { toPlaylistDetailDto, toPlaylistSummaryDto } from '../catalogue/presenters.js';
import { toVideoDto } from '../catalogue/video-sql.js';
import type {
  AddFullPlaylistDto,
  AddVideosResultDto,
  ArrangeResultDto,
  CheckPlaylistDto,
  NextPlaylistDto,
  RemoveVideoResultDto,
} from './playlists.dto.js';
import { PlaylistsRepository, type OwnedPlaylist } from './playlists.repository.js';

/** The player's default playlist (spec viewer §9), shown after a user deletes their last one. */
const DEFAULT_PLAYLIST = DEFAULT_IDS.playlists[2];
const NOT_FOUND = 'Playlist not found';
/**
 * Personal playlists one account may keep (a decision of ours, README "Decisions"): enough for
 * any listener, and it bounds what one account can make the database and My Playlists hold.
 */
export const MAX_PERSONAL_PLAYLISTS = 200;

/**
 * Personal playlists (DESIGN.md §2.9): only the owner writes; another user's playlist answers
 * 404 as if it did not exist, and the guest account cannot write at all.
 */
@Injectable()
export class PlaylistsService {
  constructor(
    private readonly playlists: PlaylistsRepository,
    private readonly reads: PlaylistReadRepository,
    private readonly urls: MediaUrls,
  ) {}

  async listOwned(user: User): Promise<PlaylistSummaryDto[]> {
    const rows = await this.reads.findOwnedBy(user.id);
    return rows.map((row) => toPlaylistSummaryDto(row, this.urls));
  }

  async playlistsHoldingVideo(user: User, videoId: number): Promise<CheckPlaylistDto> {
    if (!(await this.playlists.existsVisibleVideo(videoId)))
      throw new NotFoundException({ message: 'Video not found' });
    return { video_id: videoId, playlists: await this.playlists.findOwnedIdsHoldingVideo(user.id, videoId) };
  }

  async create(user: User, body: AddFullPlaylistDto): Promise<PlaylistDetailDto> {
    this.assertMayWrite(user);
    const videoIds = unique(body.video_list ?? []);
    const id = await this.playlists.transaction(async (manager) => {
      await this.assertVisibleVideos(manager, videoIds);
      if ((await this.playlists.lockAndCountOwned(manager, user.id)) >= MAX_PERSONAL_PLAYLISTS) {
        throw new ConflictException({
          message: `You already have ${MAX_PERSONAL_PLAYLISTS} playlists, the most one account may keep. Delete one to add another.`,
        });
      }
      const playlistId = await this.playlists.createPersonal(manager, user.id, body.title, videoIds.length > 0);
      if (videoIds.length > 0) await this.playlists.appendVideos(manager, playlistId, videoIds);
      return playlistId;
    });
    return this.detail(id);
  }

  async addVideos(user: User, playlistId: number, videoList: number[]): Promise<AddVideosResultDto> {
    this.assertMayWrite(user);
    const videoIds = unique(videoList);
    const added = await this.playlists.transaction(async (manager) => {
      await this.lockOwned(manager, playlistId, user);
      await this.assertVisibleVideos(manager, videoIds);
      const rows = await this.playlists.appendVideos(manager, playlistId, videoIds);
      await this.playlists.touch(manager, playlistId);
      return rows;
    });
    const videos = added.map((row) => toVideoDto(row, this.urls));
    return {
      ...(await this.change(playlistId)),
      videos,
      added_duration: videos.reduce((sum, video) => sum + video.duration, 0),
    };
  }

  async removeVideo(user: User, videoId: number, playlistId: number): Promise<RemoveVideoResultDto> {
    this.assertMayWrite(user);
    await this.playlists.transaction(async (manager) => {
      await this.lockOwned(manager, playlistId, user);
      if (!(await this.playlists.removeVideo(manager, playlistId, videoId))) {
        throw new NotFoundException({ message: 'The video is not in this playlist' });
      }
      await this.playlists.touch(manager, playlistId);
    });
    return { ...(await this.change(playlistId)), removed_video_id: videoId };
  }

  /**
   * Renames an own playlist (README "Decisions": the spec has no rename). The name rule is
   * creation's (RenamePlaylistDto), and so is a name the user already gives another playlist:
   * allowed, as two playlists may share a name. Renames of one playlist queue on its row lock;
   * the last to commit names it. Answers the playlist as My Playlists lists it.
   */
  async rename(user: User, playlistId: number, title: string): Promise<PlaylistSummaryDto> {
    this.assertMayWrite(user);
    const row = await this.playlists.transaction(async (manager) => {
      await this.lockOwned(manager, playlistId, user);
      await this.playlists.rename(manager, playlistId, title);
      return this.reads.findVisibleSummary(playlistId, manager);
    });
    if (!row) throw new NotFoundException({ message: NOT_FOUND });
    return toPlaylistSummaryDto(row, this.urls);
  }

  /** Deletes the playlist and answers what to show next: the user's next playlist, else the default one. */
  async delete(user: User, playlistId: number): Promise<NextPlaylistDto> {
    this.assertMayWrite(user);
    const before = await this.reads.findOwnedBy(user.id);
    await this.playlists.transaction(async (manager) => {
      await this.lockOwned(manager, playlistId, user);
      await this.playlists.deletePlaylist(manager, playlistId);
    });
    const index = before.findIndex((row) => row.id === playlistId);
    const candidates = [before[index + 1]?.id, before[index - 1]?.id, DEFAULT_PLAYLIST];
    for (const id of candidates) {
      if (id === undefined) continue;
      const row = await this.reads.findVisibleWithVideos(id);
      if (row) return { deleted_id: playlistId, ...toPlaylistDetailDto(row, this.urls) };
    }
    const [latest] = await this.reads.findLatestEditorial(1);
    if (latest) {
      const row = await this.reads.findVisibleWithVideos(latest.id);
      if (row) return { deleted_id: playlistId, ...toPlaylistDetailDto(row, this.urls) };
    }
    return {
      deleted_id: playlistId,
      id: null,
      title: '',
      user_id: null,
      group_id: null,
      duration: 0,
      video_id: null,
      videos: [],
    };
  }

  /**
   * Moves the video at position1 to position2 (DESIGN.md §2.7) in one transaction holding the
   * playlist's row lock, so concurrent moves apply one after another and never leave a gap.
   */
  async arrange(user: User, playlistId: number, position1: number, position2: number): Promise<ArrangeResultDto> {
    this.assertMayWrite(user);
    await this.playlists.transaction(async (manager) => {
      await this.lockOwned(manager, playlistId, user);
      const count = await this.playlists.countEntries(manager, playlistId);
      for (const [name, value] of [
        ['position1', position1],
        ['position2', position2],
      ] as const) {
        if (value > count) {
          throw new BadRequestException({
            message: `${name} is past the end of the playlist (it holds ${count} video${count === 1 ? '' : 's'})`,
          });
        }
      }
      if (position1 !== position2) {
        await this.playlists.moveEntry(manager, playlistId, position1, position2);
        await this.playlists.touch(manager, playlistId);
      }
    });
    return { playlist_id: playlistId, position1, position2, index: position2 - 1 };
  }

  async detail(playlistId: number): Promise<PlaylistDetailDto> {
    const row = await this.reads.findVisibleWithVideos(playlistId);
    if (!row) throw new NotFoundException({ message: NOT_FOUND });
    return toPlaylistDetailDto(row, this.urls);
  }

  /** The playlist's new totals after a change. */
  private async change(playlistId: number) {
    const row = await this.reads.findVisibleSummary(playlistId);
    if (!row) throw new NotFoundException({ message: NOT_FOUND });
    const summary = toPlaylistSummaryDto(row, this.urls);
    return {
      id: summary.id,
      title: summary.title,
      user_id: row.user_id as number,
      duration: summary.duration,
      video_id: summary.video_id,
      video: summary.video,
      number_of_videos: summary.number_of_videos,
    };
  }

  private assertMayWrite(user: User): void {
    if (user.isGuest) {
      throw new ForbiddenException({ message: 'The guest account cannot change playlists. Please sign up.' });
    }
  }

  private async lockOwned(manager: EntityManager, playlistId: number, user: User): Promise<OwnedPlaylist> {
    const playlist = await this.playlists.lockOwned(manager, playlistId, user.id);
    if (!playlist) throw new NotFoundException({ message: NOT_FOUND });
    return playlist;
  }

  private async assertVisibleVideos(manager: EntityManager, videoIds: number[]): Promise<void> {
    if (videoIds.length === 0) return;
    const found = await this.playlists.findVisibleVideoIds(manager, videoIds);
    const missing = videoIds.find((id) => !found.has(id));
    if (missing !== undefined) throw new BadRequestException({ message: `Video ${missing} does not exist` });
  }
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}
