import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ImageKind, Status } from '@app/contracts';
import type { AdminMessageDto } from '../common/answers.dto.js';
import {
  applyPositions,
  BANNERS,
  compact,
  groupPlaylists,
  GROUPS,
  lockSet,
  lockSets,
  moveItem,
  nextPosition,
} from '../common/ordered-set.js';
import { claimRevision } from '../common/revision.js';
import { accessStatus, dayRange, listOrderOf } from '../common/list-query.dto.js';
import { offsetOf } from '../../common/params.js';
import type {
  AdminAddGroupDto,
  AdminEditGroupDto,
  AdminGroupDto,
  AdminGroupInfoDto,
  AdminThemeListQueryDto,
  AdminThemePageDto,
} from './themes.dto.js';
import { ThemesRepository } from './themes.repository.js';
import { StaffMediaUrls } from '../../media/staff-media-urls.js';

/** Themes (spec: groups) and their playlists. */
@Injectable()
export class ThemesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: ThemesRepository,
    private readonly urls: StaffMediaUrls,
  ) {}

  list(): Promise<AdminGroupDto[]> {
    return this.repository.list();
  }

  /** GET admin/themes: the hand order (position) unless another sort is asked for. */
  async browse(query: AdminThemeListQueryDto): Promise<AdminThemePageDto> {
    const filter = {
      search: query.q || undefined,
      status: accessStatus(query.access),
      ...dayRange(query),
      playlistId: query.playlist,
    };
    const order = listOrderOf(query, { fallback: 'position', dated: ['created'], rankSearch: false })!;
    const { rows, total } = await this.repository.page(
      filter,
      order,
      query.page_size,
      offsetOf(query.page, query.page_size),
    );
    return { groups: rows, groupLength: total };
  }

  async info(id: number): Promise<AdminGroupInfoDto> {
    const group = await this.repository.find(id);
    if (!group) throw new NotFoundException({ message: 'Theme not found' });
    const playlists = await this.repository.playlists(id);
    return { ...group, playlists: playlists.map((row) => this.urls.withImage(ImageKind.Playlist, row)) };
  }

  /** A new theme goes to the end of the list. */
  async add(body: AdminAddGroupDto): Promise<AdminGroupInfoDto> {
    const id = await this.dataSource.transaction(async (em) => {
      await lockSet(em, GROUPS);
      return this.repository.insert(em, body.title.trim(), body.status ?? Status.On, await nextPosition(em, GROUPS));
    });
    return this.info(id);
  }

  /** Title, access and order; refused (409) when the form's revision is not the stored one any more. */
  async edit(id: number, body: AdminEditGroupDto): Promise<AdminGroupInfoDto> {
    await this.dataSource.transaction(async (em) => {
      // The list before the row, the order every writer of both follows (bulk actions, removals).
      if (body.positions?.length) await lockSet(em, groupPlaylists(id));
      await claimRevision(em, { table: 'groups', id, noun: 'theme', notFound: 'Theme not found' }, body.revision);
      await this.repository.update(em, id, { title: body.title?.trim(), status: body.status });
      if (body.positions) await applyPositions(em, groupPlaylists(id), body.positions);
    });
    return this.info(id);
  }

  /** The other themes close the gap; banners shown in this theme go with it. */
  async delete(id: number): Promise<AdminMessageDto> {
    await this.dataSource.transaction(async (em) => {
      await lockSets(em, [GROUPS, BANNERS]);
      const { existed, hadBanners } = await this.repository.delete(em, id);
      if (!existed) throw new NotFoundException({ message: 'Theme not found' });
      await compact(em, GROUPS);
      if (hadBanners) await compact(em, BANNERS);
    });
    return { message: 'Group has been deleted' };
  }

  async arrange(from: number, to: number): Promise<AdminGroupDto[]> {
    await this.dataSource.transaction((em) => moveItem(em, GROUPS, from, to));
    return this.list();
  }
}
