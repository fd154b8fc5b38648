import { Delete, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { IdParam } from '../../common/params.js';
import { AdminMessageDto } from '../common/answers.dto.js';
import { AdminController } from '../common/admin-controller.js';
import { FormReader } from '../common/form-reader.js';
import { AdminSubtitleDto, AdminSubtitleFormDto } from './subtitles.dto.js';
import { SubtitlesService } from './subtitles.service.js';

@AdminController()
export class SubtitlesController {
  constructor(
    private readonly subtitles: SubtitlesService,
    private readonly forms: FormReader,
  ) {}

  @Get('get_video_subtitles/:video_id')
  @ApiOperation({ summary: 'A video’s subtitle and lyrics files, one per language (not part of the spec)' })
  @ApiOkResponse({ type: [AdminSubtitleDto] })
  @ApiNotFoundResponse({ description: 'No such video' })
  list(@IdParam('video_id') videoId: number): Promise<AdminSubtitleDto[]> {
    return this.subtitles.list(videoId);
  }

  @Post('upload_video_subtitles/:video_id')
  @HttpCode(201)
  @ApiOperation({
    summary:
      'Attach subtitles or lyrics (WebVTT or SubRip, converted to WebVTT, markup reduced to WebVTT tags); ' +
      'replaces the file of the same language',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AdminSubtitleFormDto })
  @ApiCreatedResponse({ type: AdminSubtitleDto })
  @ApiBadRequestResponse({ description: 'Not UTF-8, not a subtitles file (the message names the line), bad language' })
  @ApiPayloadTooLargeResponse({ description: 'Over 512 KB' })
  @ApiNotFoundResponse({ description: 'No such video' })
  @ApiConflictResponse({ description: 'The video already has 20 languages' })
  upload(@IdParam('video_id') videoId: number, @Req() request: FastifyRequest): Promise<AdminSubtitleDto> {
    return this.forms.withForm(request, this.subtitles.formLimits, (form) => this.subtitles.upload(videoId, form));
  }

  @Delete('delete_video_subtitles/:video_id/:language')
  @ApiOperation({ summary: 'Remove the subtitles of one language' })
  @ApiParam({ name: 'language', description: 'BCP-47 language tag', example: 'en' })
  @ApiOkResponse({ type: AdminMessageDto })
  @ApiNotFoundResponse({ description: 'No such video, or no subtitles in that language' })
  delete(@IdParam('video_id') videoId: number, @Param('language') language: string): Promise<AdminMessageDto> {
    return this.subtitles.delete(videoId, language);
  }
}
