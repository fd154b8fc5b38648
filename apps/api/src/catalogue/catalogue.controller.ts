import { Controller, Get, Header } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import {
  BannerVideoDto,
  GroupDto,
  GroupPlaylistsDto,
  PlaylistDetailDto,
  PlaylistSummaryDto,
} from './dto/playlist.dto.js';
import { PicturedDto, VideoDto, VideoPageDto } from './dto/video.dto.js';
import { CatalogueService } from './catalogue.service.js';
import { IdParam, PageParam } from '../common/params.js';

const BAD_ID = { description: 'An id or page that is not a whole number from 1' };

/** Public catalogue reads (spec viewer §7 "Public"). Only visible items reach viewers. */
@ApiTags('catalogue')
@Controller()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('get_categories')
  @ApiOperation({ summary: 'Visible categories, by title' })
  @ApiOkResponse({ type: [PicturedDto] })
  getCategories(): Promise<PicturedDto[]> {
    return this.catalogue.categories();
  }

  @Get('get_category_videos/:categoryId/:page')
  @ApiOperation({ summary: "Visible videos carrying any of the category's tags, newest first, 20 per page" })
  @ApiOkResponse({ type: VideoPageDto })
  @ApiBadRequestResponse(BAD_ID)
  @ApiNotFoundResponse({ description: 'No visible category with this id' })
  getCategoryVideos(@IdParam('categoryId') categoryId: number, @PageParam() page: number): Promise<VideoPageDto> {
    return this.catalogue.categoryVideos(categoryId, page);
  }

  @Get('get_groups')
  @ApiOperation({ summary: 'Visible groups (themes), in order' })
  @ApiOkResponse({ type: [GroupDto] })
  getGroups(): Promise<GroupDto[]> {
    return this.catalogue.groups();
  }

  @Get('get_group_playlists/:groupId')
  @ApiOperation({ summary: "A group with its visible, non-empty playlists in the group's order" })
  @ApiOkResponse({ type: GroupPlaylistsDto })
  @ApiBadRequestResponse(BAD_ID)
  @ApiNotFoundResponse({ description: 'No visible group with this id' })
  getGroupPlaylists(@IdParam('groupId') groupId: number): Promise<GroupPlaylistsDto> {
    return this.catalogue.groupPlaylists(groupId);
  }

  @Get('get_concerts_and_performances')
  @ApiOperation({ summary: 'Playlists of group 5 (Concerts and Performances)' })
  @ApiOkResponse({ type: [PlaylistSummaryDto] })
  getConcertsAndPerformances(): Promise<PlaylistSummaryDto[]> {
    return this.catalogue.concertsAndPerformances();
  }

  @Get('get_latest_playlists')
  @ApiOperation({ summary: 'The 20 newest visible editorial playlists' })
  @ApiOkResponse({ type: [PlaylistSummaryDto] })
  getLatestPlaylists(): Promise<PlaylistSummaryDto[]> {
    return this.catalogue.latestPlaylists();
  }

  @Get('get_videos_for_banner')
  @ApiOperation({ summary: 'Visible main-page banners, in order' })
  @ApiOkResponse({ type: [BannerVideoDto] })
  getVideosForBanner(): Promise<BannerVideoDto[]> {
    return this.catalogue.bannerVideos();
  }

  @Get('get_active_genres')
  @ApiOperation({ summary: 'Genres marked active, for the landing page' })
  @ApiOkResponse({ type: [PicturedDto] })
  getActiveGenres(): Promise<PicturedDto[]> {
    return this.catalogue.activeGenres();
  }

  @Get('get_essential_classics')
  @ApiOperation({ summary: 'Playlist 251 (Essential Classics) with its videos' })
  @ApiOkResponse({ type: PlaylistDetailDto })
  @ApiNotFoundResponse({ description: 'Playlist 251 is missing or hidden' })
  getEssentialClassics(): Promise<PlaylistDetailDto> {
    return this.catalogue.essentialClassics();
  }

  @Get('get_video/:videoId')
  @ApiOperation({ summary: 'A visible video with its tracks and members' })
  @ApiOkResponse({ type: VideoDto })
  @ApiBadRequestResponse(BAD_ID)
  @ApiNotFoundResponse({ description: 'No visible video with this id' })
  getVideo(@IdParam('videoId') videoId: number): Promise<VideoDto> {
    return this.catalogue.video(videoId);
  }

  @Get('get_chapters/:videoId')
  @Header('Content-Type', 'text/vtt; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({ summary: "A visible video's tracks as a WebVTT chapters track" })
  @ApiProduces('text/vtt')
  @ApiOkResponse({ description: 'WEBVTT, one cue per track: "Title — Artists"', schema: { type: 'string' } })
  @ApiBadRequestResponse(BAD_ID)
  @ApiNotFoundResponse({ description: 'No visible video with this id' })
  getChapters(@IdParam('videoId') videoId: number): Promise<string> {
    return this.catalogue.chapters(videoId);
  }

  @Get('get_playlist_videos/:playlistId')
  @ApiOperation({ summary: 'A visible playlist (editorial or personal) with its visible videos in order' })
  @ApiOkResponse({ type: PlaylistDetailDto })
  @ApiBadRequestResponse(BAD_ID)
  @ApiNotFoundResponse({ description: 'No visible playlist with this id' })
  getPlaylistVideos(@IdParam('playlistId') playlistId: number): Promise<PlaylistDetailDto> {
    return this.catalogue.playlistWithVideos(playlistId);
  }

  @Get('get_custom_playlist/:id')
  @ApiOperation({ summary: 'Same as get_playlist_videos, for links to any playlist (e.g. another user’s)' })
  @ApiOkResponse({ type: PlaylistDetailDto })
  @ApiBadRequestResponse(BAD_ID)
  @ApiNotFoundResponse({ description: 'No visible playlist with this id' })
  getCustomPlaylist(@IdParam('id') id: number): Promise<PlaylistDetailDto> {
    return this.catalogue.playlistWithVideos(id);
  }
}
