import { ApiProperty, IntersectionType, PickType } from '@nestjs/swagger';
import { IsTitle } from '../common/form-fields.js';
import { AdminListFilterDto, AdminListPageDto, IsId } from '../common/list-query.dto.js';

/** The names staff manage: each one's table, the links that use it, and the columns that point at it. */
export const TAXONOMY_KINDS = ['tags', 'video_genres', 'moods', 'genres', 'activities'] as const;
export type TaxonomyKind = (typeof TAXONOMY_KINDS)[number];

/** A page of names, optionally searched (`q`); `order` is not used (names read A→Z). */
export class AdminTaxonomyQueryDto extends IntersectionType(
  PickType(AdminListFilterDto, ['q'] as const),
  AdminListPageDto,
) {}

export class AdminTaxonomyItemDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  title: string;

  @ApiProperty({ description: 'Videos carrying it' })
  videos: number;

  @ApiProperty({ description: 'Other uses: categories (tags), albums and album tracks (genres, moods)' })
  others: number;
}

export class AdminTaxonomyListDto {
  @ApiProperty({ type: [AdminTaxonomyItemDto] })
  items: AdminTaxonomyItemDto[];

  @ApiProperty({ description: 'Names matching, all pages' })
  length: number;
}

export class AdminRenameDto {
  @ApiProperty({ example: 'live session' })
  @IsTitle(100)
  title: string;
}

export class AdminMergeDto {
  @ApiProperty({ description: 'The name that takes over every link; the merged one is deleted' })
  @IsId('into')
  into: number;
}

export class AdminTaxonomyChangeDto {
  @ApiProperty({ example: 'Merged "live" into "concert": 12 videos moved' })
  message: string;

  @ApiProperty({ description: 'Links moved (merge) or removed (delete)' })
  links: number;
}
