import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ImageKind, PAGE_SIZE, Status } from '@app/contracts';
import type { AdminIdTitleDto, AdminMessageDto, AdminRevisionMessageDto } from '../common/answers.dto.js';
import { parseStatus, refuseUnknownFields, requireTitle } from '../common/form-fields.js';
import type { ImageForm } from '../common/form-reader.js';
import { ImageForms } from '../common/image-forms.js';
import {
  applyPositions,
  BANNERS,
  compact,
  groupPlaylists,
  lockSet,
  lockSets,
  nextPosition,
  playlistVideos,
} from '../common/ordered-set.js';
import { offsetOf } from '../../common/params.js';
import { claimRevision, raiseRevisions } from '../common/revision.js';
import { StoredFiles } from '../common/stored-files.js';
import type {
  AdminAddPlaylistVideosDto,
  AdminEditPlaylistDto,
  AdminGroupMembershipDto,
  AdminPlaylistInfoDto,
  AdminPlaylistLengthDto,
  AdminPlaylistListDto,
} from './playlists.dto.js';
import type { AdminPlaylistListQueryDto } from './playlist-list.dto.js';
import { playlistOrderOf, playlistQueryOf } from './playlist-query.js';
import { AdminPlaylistsRepository } from './playlists.repository.js';
import { StaffMediaUrls } from '../../media/staff-media-urls.js';

const NOT_FOUND = { message: 'Playlist not found' };

/** A theme whose playlists a call changes: its revision is raised (claimRevision without a check). */
const theme = (id: number) => ({ table: 'groups' as const, id, noun: 'theme', notFound: 'Theme not found' });

/** Editorial playlists: lists, the edit form, thumbnails, videos and theme membership. */
@Injectable()
export class AdminPlaylistsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: AdminPlaylistsRepository,
    private readonly images: ImageForms,
    private readonly files: StoredFiles,
    private readonly urls: StaffMediaUrls,
  ) {}

  /** All playlists (query '') or those whose title matches, 10 per page. */
  async list(query: string, page: number): Promise<AdminPlaylistListDto> {
    const [playlists, playlistLength] = await Promise.all([
      this.repository.list(query, PAGE_SIZE.admin, offsetOf(page, PAGE_SIZE.admin)),
      this.repository.count(query),
    ]);
    return { playlists: playlists.map((row) => this.urls.withImage(ImageKind.Playlist, row)), playlistLength };
  }

  /** GET admin/playlists: the sortable, filterable list with its page size. */
  async browse(query: AdminPlaylistListQueryDto): Promise<AdminPlaylistListDto> {
    const filter = playlistQueryOf(query);
    const order = playlistOrderOf(query);
    const [playlists, playlistLength] = await Promise.all([
      this.repository.list(filter, query.page_size, offsetOf(query.page, query.page_size), order),
      this.repository.count(filter),
    ]);
    return { playlists: playlists.map((row) => this.urls.withImage(ImageKind.Playlist, row)), playlistLength };
  }

  async length(query: string): Promise<AdminPlaylistLengthDto> {
    return { playlistLength: await this.repository.count(query) };
  }

  suggestions(query: string): Promise<AdminIdTitleDto[]> {
    return query ? this.repository.suggestions(query, PAGE_SIZE.admin) : Promise.resolve([]);
  }

  async info(id: number): Promise<AdminPlaylistInfoDto> {
    const summary = await this.repository.summary(id);
    if (!summary) throw new NotFoundException(NOT_FOUND);
    const [videos, groups] = await Promise.all([this.repository.videos(id), this.repository.groupIds(id)]);
    return {
      ...this.urls.withImage(ImageKind.Playlist, summary),
      videos: videos.map((row) => this.urls.withImage(ImageKind.Video, row)),
      groups,
    };
  }

  /** add_playlist_for_admin/: title required, thumbnail optional ('Upload without Thumbnail?'). */
  async add(form: ImageForm): Promise<AdminPlaylistInfoDto> {
    refuseUnknownFields(form.fields, ['title', 'status']);
    const title = requireTitle(form.fields.get('title'));
    const status = parseStatus(form.fields.get('status'), Status.On);
    const key = form.image ? await this.images.store(form.image, { kind: 'images' }) : null;
    const id = await this.repository.insert(title, status);
    if (key) await this.setThumbnail(id, key);
    return this.info(id);
  }

  /** Title, access and order; refused (409) when the form's revision is not the stored one any more. */
  async edit(id: number, body: AdminEditPlaylistDto): Promise<AdminPlaylistInfoDto> {
    await this.dataSource.transaction(async (em) => {
      // The list before the row, the order every writer of both follows (bulk actions, removals).
      if (body.positions?.length) await lockSet(em, playlistVideos(id));
      await claimRevision(
        em,
        { table: 'playlists', id, noun: 'playlist', notFound: NOT_FOUND.message, where: 'user_id IS NULL' },
        body.revision,
      );
      await this.repository.update(em, id, { title: body.title?.trim(), status: body.status });
      if (body.positions) await applyPositions(em, playlistVideos(id), body.positions);
    });
    return this.info(id);
  }

  async replaceThumbnail(id: number, form: ImageForm): Promise<AdminPlaylistInfoDto> {
    await this.requireIn(this.dataSource.manager, id);
    refuseUnknownFields(form.fields, []);
    if (!form.image) throw new BadRequestException({ message: 'Please, choose a picture (field "image")' });
    await this.setThumbnail(id, await this.images.store(form.image, { kind: 'images' }));
    return this.info(id);
  }

  /** The themes and banners that held the playlist close their gaps. */
  async delete(id: number): Promise<AdminMessageDto> {
    const thumbnailKey = await this.dataSource.transaction(async (em) => {
      const { groupIds, hasBanners } = await this.repository.references(em, id);
      await lockSets(em, [...groupIds.map(groupPlaylists), ...(hasBanners ? [BANNERS] : [])]);
      const deleted = await this.repository.delete(em, id);
      if (!deleted) throw new NotFoundException(NOT_FOUND);
      for (const groupId of groupIds) await compact(em, groupPlaylists(groupId));
      await raiseRevisions(em, 'groups', groupIds);
      if (hasBanners) await compact(em, BANNERS);
      return deleted.thumbnailKey;
    });
    await this.files.removeImage(thumbnailKey);
    return { message: 'Playlist Has Been Deleted' };
  }

  /** Appends the videos in the given order; videos already in the playlist are skipped. */
  async addVideos(id: number, body: AdminAddPlaylistVideosDto): Promise<AdminPlaylistInfoDto> {
    const existing = await this.repository.existingVideoIds(body.video_list);
    const unknown = body.video_list.find((videoId) => !existing.has(videoId));
    if (unknown !== undefined) throw new NotFoundException({ message: `Video ${unknown} not found` });
    await this.dataSource.transaction(async (em) => {
      await this.requireIn(em, id);
      const set = playlistVideos(id);
      await lockSet(em, set);
      const present = await this.repository.videoIdsIn(em, id);
      let position = await nextPosition(em, set);
      for (const videoId of body.video_list) {
        if (present.has(videoId)) continue;
        present.add(videoId);
        await this.repository.addVideo(em, id, videoId, position++);
      }
      await this.repository.touch(em, id);
    });
    return this.info(id);
  }

  /** Answers the playlist's new revision, so the Edit Playlist screen that removed it can save after. */
  async removeVideo(videoId: number, playlistId: number): Promise<AdminRevisionMessageDto> {
    const revision = await this.dataSource.transaction(async (em) => {
      await this.requireIn(em, playlistId);
      const set = playlistVideos(playlistId);
      await lockSets(em, [set, BANNERS]);
      if (!(await this.repository.removeVideo(em, playlistId, videoId))) {
        throw new NotFoundException({ message: 'This video is not in the playlist' });
      }
      await compact(em, set);
      if (await this.repository.deleteBanners(em, { playlistId, videoId })) await compact(em, BANNERS);
      return this.repository.touch(em, playlistId);
    });
    return { message: 'Video has been deleted from playlist', revision };
  }

  /**
   * Appends the playlist to the theme; adding it again changes nothing (the call is a GET).
   * Answers the theme's revision, so the Edit Theme screen that added it can save after.
   */
  async addToGroup(groupId: number, playlistId: number): Promise<AdminGroupMembershipDto> {
    const { position, revision } = await this.dataSource.transaction(async (em) => {
      await this.requireIn(em, playlistId);
      if (!(await this.repository.groupExists(em, groupId)))
        throw new NotFoundException({ message: 'Theme not found' });
      const set = groupPlaylists(groupId);
      await lockSet(em, set);
      const current = await this.repository.groupPosition(em, groupId, playlistId);
      if (current !== null) return { position: current, revision: await this.repository.groupRevision(em, groupId) };
      const next = await nextPosition(em, set);
      await this.repository.addToGroup(em, groupId, playlistId, next);
      return { position: next, revision: await claimRevision(em, theme(groupId), undefined) };
    });
    return {
      message: 'Playlist Has Been Added To Group',
      group_id: groupId,
      playlist_id: playlistId,
      position,
      revision,
    };
  }

  /** Answers the theme's new revision, so the Edit Theme screen that removed it can save after. */
  async removeFromGroup(groupId: number, playlistId: number): Promise<AdminRevisionMessageDto> {
    const revision = await this.dataSource.transaction(async (em) => {
      const set = groupPlaylists(groupId);
      await lockSets(em, [set, BANNERS]);
      if (!(await this.repository.removeFromGroup(em, groupId, playlistId))) {
        throw new NotFoundException({ message: 'This playlist is not in the theme' });
      }
      await compact(em, set);
      if (await this.repository.deleteBanners(em, { playlistId, groupId })) await compact(em, BANNERS);
      return claimRevision(em, theme(groupId), undefined);
    });
    return { message: 'Playlist Has Been Deleted From Group', revision };
  }

  private async setThumbnail(id: number, key: string): Promise<void> {
    const previous = await this.repository.swapThumbnail(id, key);
    await this.files.removeImage(previous);
    await this.images.resize(ImageKind.Playlist, id);
  }

  private async requireIn(em: EntityManager, id: number): Promise<void> {
    if (!(await this.repository.summary(id, em))) throw new NotFoundException(NOT_FOUND);
  }
}
