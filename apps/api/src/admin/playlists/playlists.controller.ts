import { Body, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AdminIdTitleDto, AdminMessageDto, AdminRevisionMessageDto } from '../common/answers.dto.js';
import { AdminController } from '../common/admin-controller.js';
import { FormReader } from '../common/form-reader.js';
import { STALE_DOC } from '../common/revision.js';
import { IdParam, PageParam, QueryParam } from '../../common/params.js';
import {
  AdminAddPlaylistVideosDto,
  AdminEditPlaylistDto,
  AdminGroupMembershipDto,
  AdminPlaylistFormDto,
  AdminPlaylistInfoDto,
  AdminPlaylistLengthDto,
  AdminPlaylistListDto,
  AdminThumbnailFormDto,
} from './playlists.dto.js';
import { AdminBulkResultDto } from '../common/bulk.js';
import { AdminPlaylistBulkDto, AdminPlaylistListQueryDto } from './playlist-list.dto.js';
import { PlaylistBulkService } from './playlist-bulk.service.js';
import { AdminPlaylistsService } from './playlists.service.js';

const QUERY_DOC = { name: 'query', description: 'Title search (accent, case and punctuation insensitive)' };

@AdminController()
export class AdminPlaylistsController {
  constructor(
    private readonly playlists: AdminPlaylistsService,
    private readonly bulk: PlaylistBulkService,
    private readonly forms: FormReader,
  ) {}

  @Get('get_playlists_for_admin/:page')
  @ApiOperation({ summary: 'Editorial playlists, newest first, 10 per page' })
  @ApiOkResponse({ type: AdminPlaylistListDto })
  list(@PageParam() page: number): Promise<AdminPlaylistListDto> {
    return this.playlists.list('', page);
  }

  @Get('admin/playlists')
  @ApiOperation({
    summary:
      'A page of the editorial playlists: sorted (title, duration, created, updated, access), filtered by title, ' +
      'access, days added and theme; 1 to 100 per page, with playlistLength (not part of the spec)',
  })
  @ApiOkResponse({ type: AdminPlaylistListDto })
  browse(@Query() query: AdminPlaylistListQueryDto): Promise<AdminPlaylistListDto> {
    return this.playlists.browse(query);
  }

  @Post('admin/playlists/bulk')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'One action (access on/off, add to or remove from a theme, delete) on chosen editorial playlists or on ' +
      'everything a filter matches, in one transaction; the answer names the playlists left as they were',
  })
  @ApiOkResponse({ type: AdminBulkResultDto })
  @ApiConflictResponse({ description: 'Other edits kept moving the items between lists: nothing changed, try again' })
  bulkAction(@Body() body: AdminPlaylistBulkDto): Promise<AdminBulkResultDto> {
    return this.bulk.run(body);
  }

  @Get('get_playlists_length')
  @ApiOperation({ summary: 'How many editorial playlists there are' })
  @ApiOkResponse({ type: AdminPlaylistLengthDto })
  length(): Promise<AdminPlaylistLengthDto> {
    return this.playlists.length('');
  }

  @Get('get_playlists_search_results/:query/:page')
  @ApiOperation({ summary: 'Playlists whose title matches, 10 per page' })
  @ApiParam(QUERY_DOC)
  @ApiOkResponse({ type: AdminPlaylistListDto })
  search(@QueryParam() query: string, @PageParam() page: number): Promise<AdminPlaylistListDto> {
    return this.playlists.list(query, page);
  }

  @Get('get_playlists_length_for_search/:query')
  @ApiOperation({ summary: 'How many playlists match' })
  @ApiParam(QUERY_DOC)
  @ApiOkResponse({ type: AdminPlaylistLengthDto })
  searchLength(@QueryParam() query: string): Promise<AdminPlaylistLengthDto> {
    return this.playlists.length(query);
  }

  @Post('playlist_search_suggestions/:query')
  @HttpCode(200)
  @ApiOperation({ summary: 'Up to 10 playlist titles for the search box' })
  @ApiParam(QUERY_DOC)
  @ApiOkResponse({ type: [AdminIdTitleDto] })
  suggestions(@QueryParam() query: string): Promise<AdminIdTitleDto[]> {
    return this.playlists.suggestions(query);
  }

  @Get('get_playlist_info/:playlist_id')
  @ApiOperation({ summary: 'A playlist with its videos in order and its themes' })
  @ApiOkResponse({ type: AdminPlaylistInfoDto })
  info(@IdParam('playlist_id') id: number): Promise<AdminPlaylistInfoDto> {
    return this.playlists.info(id);
  }

  @Post('add_playlist_for_admin')
  @HttpCode(201)
  @ApiOperation({ summary: 'Add a playlist (title required; thumbnail JPEG or PNG, optional)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AdminPlaylistFormDto })
  @ApiCreatedResponse({ type: AdminPlaylistInfoDto })
  add(@Req() request: FastifyRequest): Promise<AdminPlaylistInfoDto> {
    return this.forms.withImageForm(request, 'image', (form) => this.playlists.add(form));
  }

  @Put('edit_playlist_for_admin/:playlist_id')
  @ApiOperation({ summary: 'Edit title, status and the order of the videos (positions)' })
  @ApiOkResponse({ type: AdminPlaylistInfoDto })
  @ApiConflictResponse({ description: STALE_DOC })
  edit(@IdParam('playlist_id') id: number, @Body() body: AdminEditPlaylistDto): Promise<AdminPlaylistInfoDto> {
    return this.playlists.edit(id, body);
  }

  @Put('edit_playlist_thumbnail/:playlist_id')
  @ApiOperation({ summary: 'Replace the thumbnail (JPEG or PNG)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AdminThumbnailFormDto })
  @ApiOkResponse({ type: AdminPlaylistInfoDto })
  thumbnail(@IdParam('playlist_id') id: number, @Req() request: FastifyRequest): Promise<AdminPlaylistInfoDto> {
    return this.forms.withImageForm(request, 'image', (form) => this.playlists.replaceThumbnail(id, form));
  }

  @Delete('delete_playlist_for_admin/:playlist_id')
  @ApiOperation({ summary: 'Delete a playlist, its thumbnail, its theme entries and banners' })
  @ApiOkResponse({ type: AdminMessageDto })
  delete(@IdParam('playlist_id') id: number): Promise<AdminMessageDto> {
    return this.playlists.delete(id);
  }

  @Post('add_playlist_video_for_admin/:playlist_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Append videos (video_list) to a playlist' })
  @ApiOkResponse({ type: AdminPlaylistInfoDto })
  addVideos(
    @IdParam('playlist_id') id: number,
    @Body() body: AdminAddPlaylistVideosDto,
  ): Promise<AdminPlaylistInfoDto> {
    return this.playlists.addVideos(id, body);
  }

  @Delete('delete_playlist_video_for_admin/:video_id/:playlist_id')
  @ApiOperation({ summary: 'Remove a video from a playlist; the rest close the gap' })
  @ApiOkResponse({ type: AdminRevisionMessageDto })
  removeVideo(
    @IdParam('video_id') videoId: number,
    @IdParam('playlist_id') playlistId: number,
  ): Promise<AdminRevisionMessageDto> {
    return this.playlists.removeVideo(videoId, playlistId);
  }

  @Get('add_playlist_to_group/:group_id/:playlist_id')
  @ApiOperation({ summary: 'Append a playlist to a theme (a GET, as the spec has it)' })
  @ApiOkResponse({ type: AdminGroupMembershipDto })
  addToGroup(
    @IdParam('group_id') groupId: number,
    @IdParam('playlist_id') playlistId: number,
  ): Promise<AdminGroupMembershipDto> {
    return this.playlists.addToGroup(groupId, playlistId);
  }

  @Delete('delete_playlist_from_group/:group_id/:playlist_id')
  @ApiOperation({ summary: 'Remove a playlist from a theme; the rest close the gap' })
  @ApiOkResponse({ type: AdminRevisionMessageDto })
  removeFromGroup(
    @IdParam('group_id') groupId: number,
    @IdParam('playlist_id') playlistId: number,
  ): Promise<AdminRevisionMessageDto> {
    return this.playlists.removeFromGroup(groupId, playlistId);
  }
}
