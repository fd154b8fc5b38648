import { Body, Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import {
  ApiBody,
  ApiConflictResponse,
  ApiConsumes,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AdminMessageDto } from '../common/answers.dto.js';
import { AdminController } from '../common/admin-controller.js';
import { FormReader } from '../common/form-reader.js';
import { STALE_DOC } from '../common/revision.js';
import { IdParam } from '../../common/params.js';
import {
  AdminAddBannerDto,
  AdminBannerDto,
  AdminBannerFormDto,
  AdminBannerListQueryDto,
  AdminBannerPageDto,
  AdminIdTitleDto,
} from './banners.dto.js';
import { BannersService } from './banners.service.js';

@AdminController()
export class BannersController {
  constructor(
    private readonly banners: BannersService,
    private readonly forms: FormReader,
  ) {}

  @Get('get_playlists_for_banner/:video_id')
  @ApiOperation({ summary: 'Editorial playlists holding a video (add-banner wizard, step 2)' })
  @ApiOkResponse({ type: [AdminIdTitleDto] })
  playlists(@IdParam('video_id') videoId: number): Promise<AdminIdTitleDto[]> {
    return this.banners.playlistsForVideo(videoId);
  }

  @Get('get_themes_for_banner/:playlist_id')
  @ApiOperation({ summary: 'Themes holding a playlist (add-banner wizard, step 3)' })
  @ApiOkResponse({ type: [AdminIdTitleDto] })
  themes(@IdParam('playlist_id') playlistId: number): Promise<AdminIdTitleDto[]> {
    return this.banners.themesForPlaylist(playlistId);
  }

  @Post('add_banner_video')
  @HttpCode(201)
  @ApiOperation({ summary: 'Add a banner at the end (status 0 unless given)' })
  @ApiCreatedResponse({ type: AdminBannerDto })
  add(@Body() body: AdminAddBannerDto): Promise<AdminBannerDto> {
    return this.banners.add(body);
  }

  @Get('get_banner_videos')
  @ApiOperation({ summary: 'Every banner in order, including those with access off' })
  @ApiOkResponse({ type: [AdminBannerDto] })
  list(): Promise<AdminBannerDto[]> {
    return this.banners.list();
  }

  @Get('admin/banners')
  @ApiOperation({
    summary:
      'A page of the banners: in hand order (position) by default, or sorted by title or access; filtered by title, ' +
      'access, and the theme or playlist they are shown in; 1 to 100 per page (not part of the spec)',
  })
  @ApiOkResponse({ type: AdminBannerPageDto })
  browse(@Query() query: AdminBannerListQueryDto): Promise<AdminBannerPageDto> {
    return this.banners.browse(query);
  }

  @Put('edit_banner_video/:id')
  @ApiOperation({ summary: 'Edit a banner: data JSON {title, status} and an optional image file' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AdminBannerFormDto })
  @ApiOkResponse({ type: AdminBannerDto })
  @ApiConflictResponse({ description: STALE_DOC })
  edit(@IdParam('id') id: number, @Req() request: FastifyRequest): Promise<AdminBannerDto> {
    return this.forms.withImageForm(request, 'file', (form) => this.banners.edit(id, form));
  }

  @Delete('delete_banner_video/:id')
  @ApiOperation({ summary: 'Delete a banner; the others close the gap' })
  @ApiOkResponse({ type: AdminMessageDto })
  delete(@IdParam('id') id: number): Promise<AdminMessageDto> {
    return this.banners.delete(id);
  }

  @Get('arrange_banner_videos/:from_position/:to_position')
  @ApiOperation({ summary: 'Move the banner at from_position to to_position; those between shift by one' })
  @ApiOkResponse({ type: [AdminBannerDto] })
  arrange(@IdParam('from_position') from: number, @IdParam('to_position') to: number): Promise<AdminBannerDto[]> {
    return this.banners.arrange(from, to);
  }
}
