import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { AdminIdTitleDto, AdminListItemDto } from '../common/answers.dto.js';
import { AdminListPageDto, AdminTitleFilterDto, IsId } from '../common/list-query.dto.js';

export class AdminCategoryDto extends AdminListItemDto {
  @ApiProperty({ description: 'Whether an icon was uploaded (served by the image service as category/{id})' })
  has_icon: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Signed staff address of its icon, also while its access is off: append `300/` or `600/`. Null when it has none',
  })
  image: string | null;
}

export class AdminCategoryWithTagsDto extends AdminCategoryDto {
  @ApiProperty({ type: [AdminIdTitleDto] })
  tags: AdminIdTitleDto[];
}

/** The multipart form of add_category/ and update_category/{id}/ (for the OpenAPI document). */
export class AdminCategoryFormDto {
  @ApiProperty({ description: 'Required' })
  title: string;

  @ApiPropertyOptional({ enum: [0, 1], description: 'Default 0 on add; unchanged on update when left out' })
  status?: number;

  @ApiPropertyOptional({
    type: 'string',
    format: 'binary',
    description: 'Icon: JPEG or PNG (SVG too on update, rasterised to PNG)',
  })
  image?: unknown;
}

export const CATEGORY_SORTS = ['title', 'access'] as const;
export type CategorySort = (typeof CATEGORY_SORTS)[number];

/** GET admin/categories: a page of the categories, in the viewers' order (title) unless sorted otherwise. */
export class AdminCategoryListQueryDto extends IntersectionType(AdminTitleFilterDto, AdminListPageDto) {
  @ApiPropertyOptional({ description: 'Only categories carrying this tag' })
  @IsOptional()
  @IsId('tag')
  tag?: number;

  @ApiPropertyOptional({
    enum: CATEGORY_SORTS,
    description: 'Sort column; default: title, the order viewers see (categories have no hand order or dates)',
  })
  @IsOptional()
  @IsIn(CATEGORY_SORTS, { message: `sort must be one of ${CATEGORY_SORTS.join(', ')}` })
  sort?: CategorySort;
}

export class AdminCategoryPageDto {
  @ApiProperty({ type: [AdminCategoryDto] })
  categories: AdminCategoryDto[];

  @ApiProperty({ description: 'Categories the filter matches, all pages' })
  categoryLength: number;
}
