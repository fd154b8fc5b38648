import { Body, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import { AdminMessageDto } from '../common/answers.dto.js';
import { AdminController } from '../common/admin-controller.js';
import { STALE_DOC } from '../common/revision.js';
import { IdParam } from '../../common/params.js';
import {
  AdminAddGroupDto,
  AdminEditGroupDto,
  AdminGroupDto,
  AdminGroupInfoDto,
  AdminThemeListQueryDto,
  AdminThemePageDto,
} from './themes.dto.js';
import { ThemesService } from './themes.service.js';

@AdminController()
export class ThemesController {
  constructor(private readonly themes: ThemesService) {}

  @Get('get_groups_for_admin')
  @ApiOperation({ summary: 'Every theme in order, with its number of playlists' })
  @ApiOkResponse({ type: [AdminGroupDto] })
  list(): Promise<AdminGroupDto[]> {
    return this.themes.list();
  }

  @Get('admin/themes')
  @ApiOperation({
    summary:
      'A page of the themes: in hand order (position) by default, or sorted by title, created or access; filtered by ' +
      'title, access, days added and a playlist they hold; 1 to 100 per page (not part of the spec)',
  })
  @ApiOkResponse({ type: AdminThemePageDto })
  browse(@Query() query: AdminThemeListQueryDto): Promise<AdminThemePageDto> {
    return this.themes.browse(query);
  }

  @Get('get_group_info/:group_id')
  @ApiOperation({ summary: 'One theme with its playlists in order' })
  @ApiOkResponse({ type: AdminGroupInfoDto })
  info(@IdParam('group_id') id: number): Promise<AdminGroupInfoDto> {
    return this.themes.info(id);
  }

  @Put('edit_group/:group_id')
  @ApiOperation({ summary: 'Edit title, status and the order of the playlists (positions)' })
  @ApiOkResponse({ type: AdminGroupInfoDto })
  @ApiConflictResponse({ description: STALE_DOC })
  edit(@IdParam('group_id') id: number, @Body() body: AdminEditGroupDto): Promise<AdminGroupInfoDto> {
    return this.themes.edit(id, body);
  }

  @Post('add_group')
  @HttpCode(201)
  @ApiOperation({ summary: 'Add a theme at the end of the list' })
  @ApiCreatedResponse({ type: AdminGroupInfoDto })
  add(@Body() body: AdminAddGroupDto): Promise<AdminGroupInfoDto> {
    return this.themes.add(body);
  }

  @Delete('delete_group/:group_id')
  @ApiOperation({ summary: 'Delete a theme (its banners go too); the others close the gap' })
  @ApiOkResponse({ type: AdminMessageDto })
  delete(@IdParam('group_id') id: number): Promise<AdminMessageDto> {
    return this.themes.delete(id);
  }

  @Get('arrange_groups/:from_position/:to_position')
  @ApiOperation({ summary: 'Move the theme at from_position to to_position; those between shift by one' })
  @ApiOkResponse({ type: [AdminGroupDto] })
  arrange(@IdParam('from_position') from: number, @IdParam('to_position') to: number): Promise<AdminGroupDto[]> {
    return this.themes.arrange(from, to);
  }
}
