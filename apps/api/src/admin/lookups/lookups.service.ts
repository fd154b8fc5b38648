import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { PAGE_SIZE } from '@app/contracts';
import { offsetOf } from '../../common/params.js';
import type { AdminAlbumListDto, AdminAlbumTrackListDto, AdminIdTitleDto } from './lookups.dto.js';
import { LookupsRepository } from './lookups.repository.js';

/** The dropdowns and the track wizard of the video form (spec §2, §7 Lookups). */
@Injectable()
export class LookupsService {
  constructor(private readonly repository: LookupsRepository) {}

  genres(): Promise<AdminIdTitleDto[]> {
    return this.repository.allNames('genres');
  }

  moods(): Promise<AdminIdTitleDto[]> {
    return this.repository.allNames('moods');
  }

  videoGenres(query: string, page: number): Promise<AdminIdTitleDto[]> {
    return this.repository.searchNames('video_genres', query, PAGE_SIZE.dropdown, offsetOf(page, PAGE_SIZE.dropdown));
  }

  /** With a category id, the tags already on that category are left out (the category editor). */
  tags(query: string, page: number, excludeCategoryId?: number): Promise<AdminIdTitleDto[]> {
    return this.repository.searchNames(
      'tags',
      query,
      PAGE_SIZE.dropdown,
      offsetOf(page, PAGE_SIZE.dropdown),
      excludeCategoryId,
    );
  }

  async albums(query: string, page: number): Promise<AdminAlbumListDto> {
    const [albums, albumsLength] = await Promise.all([
      this.repository.searchAlbums(query, PAGE_SIZE.admin, offsetOf(page, PAGE_SIZE.admin)),
      this.repository.countAlbums(query),
    ]);
    return { albums, albumsLength };
  }

  async albumsLength(query: string): Promise<{ albumsLength: number }> {
    return { albumsLength: await this.repository.countAlbums(query) };
  }

  async tracks(albumId: number, page: number): Promise<AdminAlbumTrackListDto> {
    await this.requireAlbum(albumId);
    const [tracks, tracksLength] = await Promise.all([
      this.repository.tracksOfAlbum(albumId, PAGE_SIZE.admin, offsetOf(page, PAGE_SIZE.admin)),
      this.repository.countTracks(albumId),
    ]);
    return { tracks, tracksLength };
  }

  async tracksLength(albumId: number): Promise<{ tracksLength: number }> {
    await this.requireAlbum(albumId);
    return { tracksLength: await this.repository.countTracks(albumId) };
  }

  async addVideoGenre(title: string): Promise<AdminIdTitleDto> {
    const row = await this.repository.insertName('video_genres', title);
    if (!row) throw new ConflictException({ message: `The video genre "${title}" already exists` });
    return row;
  }

  async addTag(title: string): Promise<AdminIdTitleDto> {
    const row = await this.repository.insertName('tags', title);
    if (!row) throw new ConflictException({ message: `The tag "${title}" already exists` });
    return row;
  }

  private async requireAlbum(albumId: number): Promise<void> {
    if (!(await this.repository.albumExists(albumId))) throw new NotFoundException({ message: 'Album not found' });
  }
}
