import { Delete, Get, HttpCode, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { AdminIdTitleDto, AdminMessageDto } from '../common/answers.dto.js';
import { AdminController } from '../common/admin-controller.js';
import { FormReader } from '../common/form-reader.js';
import { IdParam } from '../../common/params.js';
import {
  AdminCategoryDto,
  AdminCategoryFormDto,
  AdminCategoryListQueryDto,
  AdminCategoryPageDto,
  AdminCategoryWithTagsDto,
} from './categories.dto.js';
import { CategoriesService } from './categories.service.js';

@AdminController()
export class CategoriesController {
  constructor(
    private readonly categories: CategoriesService,
    private readonly forms: FormReader,
  ) {}

  @Get('get_categories_for_admin')
  @ApiOperation({ summary: 'Every category, including those with access off' })
  @ApiOkResponse({ type: [AdminCategoryDto] })
  list(): Promise<AdminCategoryDto[]> {
    return this.categories.list();
  }

  @Get('admin/categories')
  @ApiOperation({
    summary:
      'A page of the categories: by title (the order viewers see) or access; filtered by title, access and a tag ' +
      'they carry; 1 to 100 per page (not part of the spec)',
  })
  @ApiOkResponse({ type: AdminCategoryPageDto })
  browse(@Query() query: AdminCategoryListQueryDto): Promise<AdminCategoryPageDto> {
    return this.categories.browse(query);
  }

  @Get('get_category/:id')
  @ApiOperation({ summary: 'One category with its tags' })
  @ApiOkResponse({ type: AdminCategoryWithTagsDto })
  get(@IdParam('id') id: number): Promise<AdminCategoryWithTagsDto> {
    return this.categories.get(id);
  }

  @Post('add_category')
  @HttpCode(201)
  @ApiOperation({ summary: 'Add a category (icon JPEG or PNG; status 0 unless given)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AdminCategoryFormDto })
  @ApiCreatedResponse({ type: AdminCategoryWithTagsDto })
  add(@Req() request: FastifyRequest): Promise<AdminCategoryWithTagsDto> {
    return this.forms.withImageForm(request, 'image', (form) => this.categories.add(form));
  }

  @Put('update_category/:id')
  @ApiOperation({ summary: 'Edit a category (icon JPEG, PNG or SVG; SVG is rasterised)' })
  @ApiConsumes('multipart/form-data')
  @ApiBody({ type: AdminCategoryFormDto })
  @ApiOkResponse({ type: AdminCategoryWithTagsDto })
  update(@IdParam('id') id: number, @Req() request: FastifyRequest): Promise<AdminCategoryWithTagsDto> {
    return this.forms.withImageForm(request, 'image', (form) => this.categories.update(id, form));
  }

  @Delete('delete_category/:id')
  @ApiOperation({ summary: 'Delete a category and its icon' })
  @ApiOkResponse({ type: AdminMessageDto })
  delete(@IdParam('id') id: number): Promise<AdminMessageDto> {
    return this.categories.delete(id);
  }

  @Get('get_category_tags/:id')
  @ApiOperation({ summary: 'Tags of a category' })
  @ApiOkResponse({ type: [AdminIdTitleDto] })
  tags(@IdParam('id') id: number): Promise<AdminIdTitleDto[]> {
    return this.categories.tags(id);
  }

  @Get('add_category_tag/:tag_id/:category_id')
  @ApiOperation({ summary: 'Add a tag to a category (a GET, as the spec has it); answers the tags' })
  @ApiOkResponse({ type: [AdminIdTitleDto] })
  addTag(@IdParam('tag_id') tagId: number, @IdParam('category_id') categoryId: number): Promise<AdminIdTitleDto[]> {
    return this.categories.addTag(tagId, categoryId);
  }

  @Delete('remove_category_tag/:tag_id/:category_id')
  @ApiOperation({ summary: 'Remove a tag from a category' })
  @ApiOkResponse({ type: AdminMessageDto })
  removeTag(@IdParam('tag_id') tagId: number, @IdParam('category_id') categoryId: number): Promise<AdminMessageDto> {
    return this.categories.removeTag(tagId, categoryId);
  }
}
