import { Body, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery } from '@nestjs/swagger';
import { AdminController } from '../common/admin-controller.js';
import { IdParam, OptionalIntPipe, PageParam, QueryParam } from '../../common/params.js';
import {
  AdminAlbumListDto,
  AdminAlbumsLengthDto,
  AdminAlbumTrackListDto,
  AdminIdTitleDto,
  AdminNewNameDto,
  AdminTracksLengthDto,
} from './lookups.dto.js';
import { LookupsService } from './lookups.service.js';

const QUERY_DOC = { name: 'query', description: 'Search text; a single space means "everything"' };

/** The two lookups the spec calls without a token (spec §6). */
@AdminController({ publicRoutes: true })
export class PublicLookupsController {
  constructor(private readonly lookups: LookupsService) {}

  @Get('get_genres')
  @ApiOperation({ summary: 'All genres (public)' })
  @ApiOkResponse({ type: [AdminIdTitleDto] })
  genres(): Promise<AdminIdTitleDto[]> {
    return this.lookups.genres();
  }

  @Get('get_moods')
  @ApiOperation({ summary: 'All moods (public)' })
  @ApiOkResponse({ type: [AdminIdTitleDto] })
  moods(): Promise<AdminIdTitleDto[]> {
    return this.lookups.moods();
  }
}

@AdminController()
export class LookupsController {
  constructor(private readonly lookups: LookupsService) {}

  @Get('get_videogenres_for_admin_filter/:query/:page')
  @ApiOperation({ summary: 'Video genres matching a search, 20 per page' })
  @ApiParam(QUERY_DOC)
  @ApiOkResponse({ type: [AdminIdTitleDto] })
  videoGenres(@QueryParam() query: string, @PageParam() page: number): Promise<AdminIdTitleDto[]> {
    return this.lookups.videoGenres(query, page);
  }

  @Get('get_tags_for_admin_filter/:query/:page')
  @ApiOperation({
    summary: 'Tags matching a search, 20 per page; with category_id, tags already on that category are left out',
  })
  @ApiParam(QUERY_DOC)
  @ApiQuery({ name: 'category_id', required: false, type: Number })
  @ApiOkResponse({ type: [AdminIdTitleDto] })
  tags(
    @QueryParam() query: string,
    @PageParam() page: number,
    @Query('category_id', new OptionalIntPipe('category_id')) categoryId?: number,
  ): Promise<AdminIdTitleDto[]> {
    return this.lookups.tags(query, page, categoryId);
  }

  @Get('get_albums_for_admin_filter/:query/:page')
  @ApiOperation({ summary: 'Albums by title or catalogue number, 10 per page (track wizard step 1–2)' })
  @ApiParam(QUERY_DOC)
  @ApiOkResponse({ type: AdminAlbumListDto })
  albums(@QueryParam() query: string, @PageParam() page: number): Promise<AdminAlbumListDto> {
    return this.lookups.albums(query, page);
  }

  @Get('get_albums_length/:query')
  @ApiOperation({ summary: 'How many albums match a search' })
  @ApiParam(QUERY_DOC)
  @ApiOkResponse({ type: AdminAlbumsLengthDto })
  albumsLength(@QueryParam() query: string): Promise<AdminAlbumsLengthDto> {
    return this.lookups.albumsLength(query);
  }

  @Get('get_tracks_for_admin_filter/:album_id/:page')
  @ApiOperation({ summary: 'Tracks of an album, 10 per page (track wizard step 3)' })
  @ApiOkResponse({ type: AdminAlbumTrackListDto })
  tracks(@IdParam('album_id') albumId: number, @PageParam() page: number): Promise<AdminAlbumTrackListDto> {
    return this.lookups.tracks(albumId, page);
  }

  @Get('get_tracks_length/:album_id')
  @ApiOperation({ summary: 'How many tracks an album has' })
  @ApiOkResponse({ type: AdminTracksLengthDto })
  tracksLength(@IdParam('album_id') albumId: number): Promise<AdminTracksLengthDto> {
    return this.lookups.tracksLength(albumId);
  }

  @Post('add_videogenre')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a video genre (letters, digits, spaces; more than 1 character)' })
  @ApiOkResponse({ type: AdminIdTitleDto })
  @ApiConflictResponse({ description: 'A video genre with this title exists' })
  addVideoGenre(@Body() body: AdminNewNameDto): Promise<AdminIdTitleDto> {
    return this.lookups.addVideoGenre(body.title);
  }

  @Post('add_tag')
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a tag (letters, digits, spaces; more than 1 character)' })
  @ApiOkResponse({ type: AdminIdTitleDto })
  @ApiConflictResponse({ description: 'A tag with this title exists' })
  addTag(@Body() body: AdminNewNameDto): Promise<AdminIdTitleDto> {
    return this.lookups.addTag(body.title);
  }
}
