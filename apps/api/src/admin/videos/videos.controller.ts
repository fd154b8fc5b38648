import { BadRequestException, Body, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiQuery,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { User } from '@app/db';
import { CurrentUser } from '../../auth/guards.js';
import { AdminIdTitleDto, AdminMessageDto } from '../common/answers.dto.js';
import { AdminController } from '../common/admin-controller.js';
import { FormReader } from '../common/form-reader.js';
import { STALE_DOC } from '../common/revision.js';
import { FilterBodyDto, FilterListItemDto } from '../../common/filter-body.dto.js';
import { IdParam, PageParam, QueryParam } from '../../common/params.js';
import {
  AdminThumbnailFileFormDto,
  AdminUploadAnswerDto,
  AdminUploadFormDto,
  AdminVideoFormDto,
  AdminVideoInfoDto,
  AdminVideoLengthDto,
  AdminVideoListDto,
  AdminProcessingJobDto,
} from './videos.dto.js';
import { AdminBulkResultDto } from '../common/bulk.js';
import { AdminVideoBulkDto, AdminVideoListQueryDto } from './video-list.dto.js';
import { VideoBulkService } from './video-bulk.service.js';
import { VideosService } from './videos.service.js';

const QUERY_DOC = { name: 'query', description: 'Title search (accent, case and punctuation insensitive)' };
const UPLOAD_KEY_DOC = { name: 'key', description: 'file_original_path_linux as upload_video/ answered it' };

function uploadKeyOf(key: unknown): string {
  if (typeof key !== 'string' || !key) throw new BadRequestException({ message: 'Please, give the upload key (key)' });
  return key;
}

@AdminController()
@ApiExtraModels(FilterListItemDto)
export class VideosController {
  constructor(
    private readonly videos: VideosService,
    private readonly bulk: VideoBulkService,
    private readonly forms: FormReader,
  ) {}

  @Get('admin/videos')
  @ApiOperation({
    summary:
      'A page of the video list: sorted, filtered by access, processing state, days added, playlist, theme, ' +
      'tags and genres; 10 to 100 per page, with videoLength (not part of the spec)',
  })
  @ApiOkResponse({ type: AdminVideoListDto })
  browse(@Query() query: AdminVideoListQueryDto): Promise<AdminVideoListDto> {
    return this.videos.browse(query);
  }

  @Post('admin/videos/bulk')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'One action (access on/off, add to a playlist, add/remove tags, retry processing, delete) on chosen videos ' +
      'or on everything a filter matches, in one transaction; the answer names the videos left as they were',
  })
  @ApiOkResponse({ type: AdminBulkResultDto })
  @ApiConflictResponse({ description: 'Other edits kept moving the items between lists: nothing changed, try again' })
  bulkAction(@Body() body: AdminVideoBulkDto): Promise<AdminBulkResultDto> {
    return this.bulk.run(body);
  }

  @Get('get_videos_for_admin/:page')
  @ApiOperation({ summary: 'Every video, newest first, 10 per page' })
  @ApiOkResponse({ type: AdminVideoListDto })
  list(@PageParam() page: number): Promise<AdminVideoListDto> {
    return this.videos.list({}, page);
  }

  @Get('get_videos_off/:page')
  @ApiOperation({ summary: 'Videos with access off (the Inactive Videos toggle), 10 per page' })
  @ApiOkResponse({ type: AdminVideoListDto })
  inactive(@PageParam() page: number): Promise<AdminVideoListDto> {
    return this.videos.list({ statusOff: true }, page);
  }

  @Get('get_videos_off_length')
  @ApiOperation({ summary: 'How many videos have access off' })
  @ApiOkResponse({ type: AdminVideoLengthDto })
  inactiveLength(): Promise<AdminVideoLengthDto> {
    return this.videos.length({ statusOff: true });
  }

  @Get('get_search_results_for_admin/:query/:page')
  @ApiOperation({ summary: 'Videos whose title matches, 10 per page' })
  @ApiParam(QUERY_DOC)
  @ApiOkResponse({ type: AdminVideoListDto })
  search(@QueryParam() query: string, @PageParam() page: number): Promise<AdminVideoListDto> {
    return this.videos.list({ search: query }, page);
  }

  @Get('get_videos_length_for_search/:query')
  @ApiOperation({ summary: 'How many videos match a title search' })
  @ApiParam(QUERY_DOC)
  @ApiOkResponse({ type: AdminVideoLengthDto })
  searchLength(@QueryParam() query: string): Promise<AdminVideoLengthDto> {
    return this.videos.length({ search: query });
  }

  @Post('get_filter_results_for_admin/:page')
  @HttpCode(200)
  @ApiOperation({ summary: 'Videos matching a filter list (hidden ones included), 10 per page, with videoLength' })
  @ApiOkResponse({ type: AdminVideoListDto })
  filter(@PageParam() page: number, @Body() body: FilterBodyDto): Promise<AdminVideoListDto> {
    return this.videos.list({ filters: body.data }, page);
  }

  @Post('video_search_suggestions/:query')
  @HttpCode(200)
  @ApiOperation({ summary: 'Up to 10 video titles for the admin search box (path not given by the spec)' })
  @ApiParam(QUERY_DOC)
  @ApiOkResponse({ type: [AdminIdTitleDto] })
  suggestions(@QueryParam() query: string): Promise<AdminIdTitleDto[]> {
    return this.videos.suggestions(query);
  }

  @Get('get_video_info/:video_id')
  @ApiOperation({ summary: 'A video with tracks, playlists and its processing state, progress, last error and job' })
  @ApiOkResponse({ type: AdminVideoInfoDto })
  info(@IdParam('video_id') id: number): Promise<AdminVideoInfoDto> {
    return this.videos.info(id);
  }

  @Post('upload_video')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Upload a video file (streamed; UPLOAD_MAX_BYTES, default 4 GiB); answers its storage key and duration',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AdminUploadFormDto })
  @ApiCreatedResponse({ type: AdminUploadAnswerDto })
  @ApiPayloadTooLargeResponse({ description: 'Declared or streamed size over the limit' })
  @ApiUnsupportedMediaTypeResponse({ description: 'Not a video (checked by its bytes and by ffprobe)' })
  upload(@Req() request: FastifyRequest, @CurrentUser() user: User): Promise<AdminUploadAnswerDto> {
    return this.forms.withForm(request, this.videos.uploadLimits, (form) => this.videos.upload(form, user.id));
  }

  @Get('upload_processing')
  @ApiOperation({
    summary:
      'The transcode of an upload (it starts when the upload ends): state, stage, percent and time left; null ' +
      "when none is queued. Once saved, the video's transcode. Not part of the spec",
  })
  @ApiQuery(UPLOAD_KEY_DOC)
  @ApiOkResponse({ type: AdminProcessingJobDto })
  @ApiBadRequestResponse({ description: 'Not an upload of this server (or discarded)' })
  @ApiNotFoundResponse({ description: "Another staff member's upload, not saved yet" })
  uploadProcessing(@Query('key') key: unknown, @CurrentUser() user: User): Promise<AdminProcessingJobDto | null> {
    return this.videos.uploadProcessing(uploadKeyOf(key), user.id);
  }

  @Delete('discard_upload')
  @ApiOperation({
    summary:
      'Discard an upload not saved as a video (replaced by another file, or left): the file and everything its ' +
      'transcode wrote. Not part of the spec',
  })
  @ApiQuery(UPLOAD_KEY_DOC)
  @ApiOkResponse({ type: AdminMessageDto })
  @ApiBadRequestResponse({ description: 'Not an upload of this server, or already saved as a video' })
  @ApiNotFoundResponse({ description: "Another staff member's upload" })
  discardUpload(@Query('key') key: unknown, @CurrentUser() user: User): Promise<AdminMessageDto> {
    return this.videos.discardUpload(uploadKeyOf(key), user.id);
  }

  @Post('fill_video_info')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Create the video for an upload: data JSON (with tracks) and an optional thumbnail file; queues processing',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AdminVideoFormDto })
  @ApiCreatedResponse({ type: AdminVideoInfoDto })
  fill(@Req() request: FastifyRequest): Promise<AdminVideoInfoDto> {
    return this.forms.withImageForm(request, 'file', (form) => this.videos.fill(form));
  }

  @Put('edit_video_info/:video_id')
  @ApiOperation({ summary: 'Edit a video: data JSON and an optional thumbnail file (tracks are read-only)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AdminVideoFormDto })
  @ApiOkResponse({ type: AdminVideoInfoDto })
  @ApiConflictResponse({ description: STALE_DOC })
  edit(@IdParam('video_id') id: number, @Req() request: FastifyRequest): Promise<AdminVideoInfoDto> {
    return this.forms.withImageForm(request, 'file', (form) => this.videos.edit(id, form));
  }

  @Put('edit_video_thumbnail/:video_id')
  @ApiOperation({ summary: 'Replace the thumbnail (JPEG or PNG)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AdminThumbnailFileFormDto })
  @ApiOkResponse({ type: AdminVideoInfoDto })
  thumbnail(@IdParam('video_id') id: number, @Req() request: FastifyRequest): Promise<AdminVideoInfoDto> {
    return this.forms.withImageForm(request, 'file', (form) => this.videos.replaceThumbnail(id, form));
  }

  @Delete('delete_video/:video_id/:bunny_id')
  @ApiOperation({ summary: 'Delete a video, its stored files and its queued jobs (bunny_id is not used)' })
  @ApiParam({ name: 'bunny_id', description: 'Id at the old CDN; any value' })
  @ApiOkResponse({ type: AdminMessageDto })
  delete(@IdParam('video_id') id: number, @Param('bunny_id') _bunnyId: string): Promise<AdminMessageDto> {
    return this.videos.delete(id);
  }

  @Post('retry_video_processing/:video_id')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue a failed (or lost) transcode again; not part of the spec' })
  @ApiOkResponse({ type: AdminVideoInfoDto })
  @ApiConflictResponse({ description: 'Already processed, still processing, or nothing to process' })
  retry(@IdParam('video_id') id: number): Promise<AdminVideoInfoDto> {
    return this.videos.retry(id);
  }
}
