import { Body, Controller, Delete, Get, HttpCode, Post, Put, StreamableFile, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiSecurity,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { User } from '@app/db';
import { CurrentUser, JwtAuthGuard } from '../auth/guards.js';
import { PlaylistDetailDto, PlaylistSummaryDto } from '../catalogue/dto/playlist.dto.js';
import { IdParam } from '../common/params.js';
import {
  AddFullPlaylistDto,
  AddPlaylistVideoDto,
  AddVideosResultDto,
  ArrangeResultDto,
  CheckPlaylistDto,
  NextPlaylistDto,
  RemoveVideoResultDto,
  RenamePlaylistDto,
} from './playlists.dto.js';
import { PlaylistExportService } from './playlist-export.service.js';
import { MAX_PERSONAL_PLAYLISTS, PlaylistsService } from './playlists.service.js';

const GUEST = { description: 'The guest account cannot change playlists' };
const NOT_OWNER = { description: 'No such playlist of this user (another user’s playlist answers the same)' };

/** Personal playlists of the signed-in user (spec viewer §7 "Signed-in user"). */
@ApiTags('playlists')
@ApiSecurity('JWT')
@ApiUnauthorizedResponse({ description: 'No valid access token' })
@UseGuards(JwtAuthGuard)
@Controller()
export class PlaylistsController {
  constructor(
    private readonly playlists: PlaylistsService,
    private readonly exports: PlaylistExportService,
  ) {}

  @Get('get_user_playlists')
  @ApiOperation({
    summary: "The user's playlists in their list's order: a plain new playlist last, a full new one first",
  })
  @ApiOkResponse({ type: [PlaylistSummaryDto] })
  getUserPlaylists(@CurrentUser() user: User): Promise<PlaylistSummaryDto[]> {
    return this.playlists.listOwned(user);
  }

  @Get('check_playlist/:videoId')
  @ApiOperation({ summary: "Which of the user's playlists hold the video" })
  @ApiOkResponse({ type: CheckPlaylistDto })
  @ApiNotFoundResponse({ description: 'No visible video with this id' })
  checkPlaylist(@CurrentUser() user: User, @IdParam('videoId') videoId: number): Promise<CheckPlaylistDto> {
    return this.playlists.playlistsHoldingVideo(user, videoId);
  }

  @Post('add_full_playlist')
  @ApiOperation({ summary: 'Create a playlist, optionally with videos' })
  @ApiCreatedResponse({ type: PlaylistDetailDto })
  @ApiBadRequestResponse({ description: '"Please, Provide Valid Name", or an unknown video id' })
  @ApiForbiddenResponse(GUEST)
  @ApiConflictResponse({ description: `The user already keeps ${MAX_PERSONAL_PLAYLISTS} playlists, the most allowed` })
  addFullPlaylist(@CurrentUser() user: User, @Body() body: AddFullPlaylistDto): Promise<PlaylistDetailDto> {
    return this.playlists.create(user, body);
  }

  @Post('add_playlist_video/:playlistId')
  @HttpCode(200)
  @ApiOperation({ summary: 'Append videos to an own playlist; ones already in it are skipped' })
  @ApiOkResponse({ type: AddVideosResultDto })
  @ApiBadRequestResponse({ description: 'Empty or malformed video_list, or an unknown video id' })
  @ApiForbiddenResponse(GUEST)
  @ApiNotFoundResponse(NOT_OWNER)
  addPlaylistVideo(
    @CurrentUser() user: User,
    @IdParam('playlistId') playlistId: number,
    @Body() body: AddPlaylistVideoDto,
  ): Promise<AddVideosResultDto> {
    return this.playlists.addVideos(user, playlistId, body.video_list);
  }

  @Delete('delete_playlist_video/:videoId/:playlistId')
  @ApiOperation({ summary: 'Take a video out of an own playlist' })
  @ApiOkResponse({ type: RemoveVideoResultDto })
  @ApiForbiddenResponse(GUEST)
  @ApiNotFoundResponse({ description: 'No such playlist of this user, or the video is not in it' })
  deletePlaylistVideo(
    @CurrentUser() user: User,
    @IdParam('videoId') videoId: number,
    @IdParam('playlistId') playlistId: number,
  ): Promise<RemoveVideoResultDto> {
    return this.playlists.removeVideo(user, videoId, playlistId);
  }

  @Put('rename_playlist/:playlistId')
  @ApiOperation({
    summary: 'Rename an own playlist (beyond the spec); the name rule is add_full_playlist’s',
  })
  @ApiOkResponse({ type: PlaylistSummaryDto, description: 'The playlist as get_user_playlists lists it' })
  @ApiBadRequestResponse({ description: '"Please, Provide Valid Name"; nothing is changed' })
  @ApiForbiddenResponse(GUEST)
  @ApiNotFoundResponse(NOT_OWNER)
  renamePlaylist(
    @CurrentUser() user: User,
    @IdParam('playlistId') playlistId: number,
    @Body() body: RenamePlaylistDto,
  ): Promise<PlaylistSummaryDto> {
    return this.playlists.rename(user, playlistId, body.title);
  }

  @Delete('delete_playlist/:playlistId')
  @ApiOperation({ summary: 'Delete an own playlist; answers the playlist to show next' })
  @ApiOkResponse({ type: NextPlaylistDto })
  @ApiForbiddenResponse(GUEST)
  @ApiNotFoundResponse(NOT_OWNER)
  deletePlaylist(@CurrentUser() user: User, @IdParam('playlistId') playlistId: number): Promise<NextPlaylistDto> {
    return this.playlists.delete(user, playlistId);
  }

  @Get('arrange_videos/:playlist_id/:position1/:position2')
  @ApiOperation({
    summary: 'Move the video at position1 to position2 in an own playlist; the videos between shift by one',
  })
  @ApiOkResponse({ type: ArrangeResultDto })
  @ApiBadRequestResponse({ description: 'A position below 1 or past the end' })
  @ApiForbiddenResponse(GUEST)
  @ApiNotFoundResponse(NOT_OWNER)
  arrangeVideos(
    @CurrentUser() user: User,
    @IdParam('playlist_id') playlistId: number,
    @IdParam('position1') position1: number,
    @IdParam('position2') position2: number,
  ): Promise<ArrangeResultDto> {
    return this.playlists.arrange(user, playlistId, position1, position2);
  }

  @Get('download_playlist_info/:playlistId')
  @ApiOperation({ summary: 'The playlist as an .xlsx workbook (position, title, artists, composers, duration, link)' })
  @ApiProduces('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  @ApiOkResponse({ description: 'playlist_{title}.xlsx', schema: { type: 'string', format: 'binary' } })
  @ApiNotFoundResponse({ description: 'No visible playlist with this id' })
  async downloadPlaylistInfo(@IdParam('playlistId') playlistId: number): Promise<StreamableFile> {
    const file = await this.exports.export(playlistId);
    return new StreamableFile(file.body, { type: file.type, disposition: file.disposition, length: file.body.length });
  }
}
