import { Injectable, NotFoundException } from '@nestjs/common';
import { DEFAULT_IDS, ImageKind, PAGE_SIZE } from '@app/contracts';
import { CatalogueCache } from '../catalogue-cache/catalogue-cache.js';
import { versionedImage } from '../images/image-addresses.js';
import type {
  BannerVideoDto,
  GroupDto,
  GroupPlaylistsDto,
  PlaylistDetailDto,
  PlaylistSummaryDto,
} from './dto/playlist.dto.js';
import type { PicturedDto, VideoDto, VideoPageDto } from './dto/video.dto.js';
import { CatalogueRepository, type PicturedRow } from './catalogue.repository.js';
import { MediaUrls } from './media-urls.js';
import { PlaylistReadRepository } from './playlist-read.repository.js';
import { toPlaylistDetailDto, toPlaylistSummaryDto } from './presenters.js';
import { toVideoDto } from './video-sql.js';
import { chaptersVtt } from './chapters-vtt.js';

/** How many playlists the "New Playlists" carousel gets. */
const LATEST_PLAYLISTS = PAGE_SIZE.viewer;

@Injectable()
export class CatalogueService {
  constructor(
    private readonly catalogue: CatalogueRepository,
    private readonly playlists: PlaylistReadRepository,
    private readonly urls: MediaUrls,
    private readonly cache: CatalogueCache,
  ) {}

  async categories(): Promise<PicturedDto[]> {
    return toPictured(ImageKind.Category, await this.catalogue.findVisibleCategories());
  }

  async categoryVideos(categoryId: number, page: number): Promise<VideoPageDto> {
    if (!(await this.catalogue.existsVisibleCategory(categoryId))) {
      throw new NotFoundException({ message: 'Category not found' });
    }
    const row = await this.catalogue.findCategoryVideoPage(categoryId, page, PAGE_SIZE.viewer);
    return { videos: row.videos.map((video) => toVideoDto(video, this.urls)), videoLength: row.total };
  }

  groups(): Promise<GroupDto[]> {
    return this.catalogue.findVisibleGroups();
  }

  async groupPlaylists(groupId: number): Promise<GroupPlaylistsDto> {
    const group = await this.catalogue.findVisibleGroup(groupId);
    if (!group) throw new NotFoundException({ message: 'Group not found' });
    return { ...group, playlists: await this.playlistsOfGroup(groupId) };
  }

  /** Group 5 (spec): an empty list when it is missing or hidden, so the landing page still loads. */
  async concertsAndPerformances(): Promise<PlaylistSummaryDto[]> {
    const group = await this.catalogue.findVisibleGroup(DEFAULT_IDS.concertsGroup);
    return group ? this.playlistsOfGroup(group.id) : [];
  }

  async latestPlaylists(): Promise<PlaylistSummaryDto[]> {
    const rows = await this.playlists.findLatestEditorial(LATEST_PLAYLISTS);
    return rows.map((row) => toPlaylistSummaryDto(row, this.urls));
  }

  async bannerVideos(): Promise<BannerVideoDto[]> {
    const rows = await this.catalogue.findVisibleBanners();
    return rows.map((row) => {
      const video = toVideoDto(row.video, this.urls);
      return {
        id: row.id,
        title: row.title,
        position: row.position,
        video_id: row.video_id,
        playlist_id: row.playlist_id,
        group_id: row.group_id,
        video_title: video.title,
        duration: video.duration,
        scripted_bunny_path: video.scripted_bunny_path,
        yt_link: video.yt_link,
        artists: video.artists,
        composers: video.composers,
        images: video.images,
        banner_images: versionedImage(ImageKind.Banner, row.id, row.image_key),
      };
    });
  }

  async activeGenres(): Promise<PicturedDto[]> {
    return toPictured(ImageKind.Genre, await this.catalogue.findActiveGenres());
  }

  async video(videoId: number): Promise<VideoDto> {
    const row = await this.catalogue.findVisibleVideo(videoId);
    if (!row) throw new NotFoundException({ message: 'Video not found' });
    return toVideoDto(row, this.urls);
  }

  async chapters(videoId: number): Promise<string> {
    return chaptersVtt((await this.video(videoId)).tracks);
  }

  /**
   * Any visible playlist, editorial or another user's personal one (DESIGN.md §2.9). The
   * answer is the same for every reader (anyone with the link may read a personal playlist),
   * so it is cached; its owner's edits invalidate it like staff edits do.
   */
  playlistWithVideos(playlistId: number): Promise<PlaylistDetailDto> {
    return this.cache.get(CatalogueCache.playlistKey(playlistId), async () => {
      const row = await this.playlists.findVisibleWithVideos(playlistId);
      if (!row) throw new NotFoundException({ message: 'Playlist not found' });
      return toPlaylistDetailDto(row, this.urls);
    });
  }

  essentialClassics(): Promise<PlaylistDetailDto> {
    return this.playlistWithVideos(DEFAULT_IDS.essentialClassicsPlaylist);
  }

  private async playlistsOfGroup(groupId: number): Promise<PlaylistSummaryDto[]> {
    const rows = await this.playlists.findGroupPlaylists(groupId);
    return rows.map((row) => toPlaylistSummaryDto(row, this.urls));
  }
}

function toPictured(kind: ImageKind, rows: PicturedRow[]): PicturedDto[] {
  return rows.map(({ image_key, ...row }) => ({ ...row, images: versionedImage(kind, row.id, image_key) }));
}
