import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ImageKind, Status } from '@app/contracts';
import type { AdminMessageDto } from '../common/answers.dto.js';
import { parseDataField } from '../common/data-field.js';
import { parseStatus, refuseUnknownFields, requireTitle } from '../common/form-fields.js';
import type { ImageForm } from '../common/form-reader.js';
import { ImageForms } from '../common/image-forms.js';
import { BANNERS, compact, lockSet, moveItem, nextPosition } from '../common/ordered-set.js';
import { claimRevision, parseRevision } from '../common/revision.js';
import { StoredFiles } from '../common/stored-files.js';
import { accessStatus, listOrderOf } from '../common/list-query.dto.js';
import { offsetOf } from '../../common/params.js';
import type {
  AdminAddBannerDto,
  AdminBannerDto,
  AdminBannerListQueryDto,
  AdminBannerPageDto,
  AdminIdTitleDto,
} from './banners.dto.js';
import { BannersRepository } from './banners.repository.js';
import { StaffMediaUrls } from '../../media/staff-media-urls.js';

const NOT_FOUND = { message: 'Banner not found' };

/** Main-page banners: a video shown in the context of one of its playlists and one of that playlist's themes. */
@Injectable()
export class BannersService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: BannersRepository,
    private readonly images: ImageForms,
    private readonly files: StoredFiles,
    private readonly urls: StaffMediaUrls,
  ) {}

  async list(): Promise<AdminBannerDto[]> {
    return (await this.repository.list()).map((banner) => this.withImages(banner));
  }

  /** GET admin/banners: the main page's order (position) unless another sort is asked for. */
  async browse(query: AdminBannerListQueryDto): Promise<AdminBannerPageDto> {
    const filter = {
      search: query.q || undefined,
      status: accessStatus(query.access),
      groupId: query.theme,
      playlistId: query.playlist,
    };
    const order = listOrderOf(query, { fallback: 'position', dated: [], rankSearch: false })!;
    const { rows, total } = await this.repository.page(
      filter,
      order,
      query.page_size,
      offsetOf(query.page, query.page_size),
    );
    return { banners: rows.map((banner) => this.withImages(banner)), bannerLength: total };
  }

  async playlistsForVideo(videoId: number): Promise<AdminIdTitleDto[]> {
    if (!(await this.repository.videoExists(videoId))) throw new NotFoundException({ message: 'Video not found' });
    return this.repository.playlistsWithVideo(videoId);
  }

  async themesForPlaylist(playlistId: number): Promise<AdminIdTitleDto[]> {
    if (!(await this.repository.playlistExists(playlistId)))
      throw new NotFoundException({ message: 'Playlist not found' });
    return this.repository.groupsWithPlaylist(playlistId);
  }

  /** The wizard's choice must hold together: the video is in the playlist, the playlist in the theme. */
  async add(body: AdminAddBannerDto): Promise<AdminBannerDto> {
    const id = await this.dataSource.transaction(async (em) => {
      if (!(await this.repository.videoInPlaylist(em, body.video_id, body.playlist_id))) {
        throw new BadRequestException({ message: 'The video is not in this playlist' });
      }
      if (!(await this.repository.playlistInGroup(em, body.playlist_id, body.group_id))) {
        throw new BadRequestException({ message: 'The playlist is not in this theme' });
      }
      await lockSet(em, BANNERS);
      return this.repository.insert(em, {
        videoId: body.video_id,
        playlistId: body.playlist_id,
        groupId: body.group_id,
        title: body.title.trim(),
        status: body.status ?? Status.Off,
        position: await nextPosition(em, BANNERS),
      });
    });
    return this.get(id);
  }

  /**
   * edit_banner_video/{id}/: `data` JSON {title, status, revision} and an optional image `file`;
   * refused (409) when the form's revision is not the stored one any more.
   */
  async edit(id: number, form: ImageForm): Promise<AdminBannerDto> {
    const current = await this.get(id);
    refuseUnknownFields(form.fields, ['data']);
    const data = parseDataField(form.fields.get('data'));
    const title = requireTitle(data.title);
    const status = parseStatus(data.status, current.status as Status);
    const revision = parseRevision(data.revision);
    const key = form.image ? await this.images.store(form.image, { kind: 'images' }) : null;
    try {
      await this.dataSource.transaction(async (em) => {
        await claimRevision(em, { table: 'banner_videos', id, noun: 'banner', notFound: NOT_FOUND.message }, revision);
        await this.repository.update(em, id, title, status);
      });
    } catch (error) {
      await this.files.removeImage(key);
      throw error;
    }
    if (key) {
      await this.files.removeImage(await this.repository.swapImage(id, key));
      await this.images.resize(ImageKind.Banner, id);
    }
    return this.get(id);
  }

  async delete(id: number): Promise<AdminMessageDto> {
    const imageKey = await this.dataSource.transaction(async (em) => {
      await lockSet(em, BANNERS);
      const deleted = await this.repository.delete(em, id);
      if (!deleted) throw new NotFoundException(NOT_FOUND);
      await compact(em, BANNERS);
      return deleted.imageKey;
    });
    await this.files.removeImage(imageKey);
    return { message: 'Banner has been deleted' };
  }

  async arrange(from: number, to: number): Promise<AdminBannerDto[]> {
    await this.dataSource.transaction((em) => moveItem(em, BANNERS, from, to));
    return this.list();
  }

  private async get(id: number): Promise<AdminBannerDto> {
    const banner = await this.repository.find(id);
    if (!banner) throw new NotFoundException(NOT_FOUND);
    return this.withImages(banner);
  }

  /** The SQL says whether the video and the banner have an image; staff get their signed addresses. */
  private withImages(banner: AdminBannerDto): AdminBannerDto {
    return {
      ...banner,
      video_image: this.urls.image(ImageKind.Video, banner.video_id, Boolean(banner.video_image)),
      banner_image: this.urls.image(ImageKind.Banner, banner.id, Boolean(banner.banner_image)),
    };
  }
}
