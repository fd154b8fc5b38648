import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsOptional,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { ProcessingState } from '@app/contracts';
import { groupByKind, parseFilterList, type FilterSelection } from '../../common/filter-list.js';
import { MAX_INT } from '../../common/params.js';
import { BULK_FILTER_MAX, BULK_MAX_IDS, IsBulkIds } from '../common/bulk.js';
import { AdminListFilterDto, AdminListPageDto, CommaList, IsId } from '../common/list-query.dto.js';

export const VIDEO_SORTS = ['title', 'duration', 'created', 'updated', 'access', 'state'] as const;
export type VideoSort = (typeof VIDEO_SORTS)[number];

/** The processing states staff filter by (uploaded and external are neither queued nor failed). */
const STATES = Object.values(ProcessingState);

/** What the video list filters by; the same fields name "everything it matches" in a bulk request. */
export class AdminVideoFilterDto extends AdminListFilterDto {
  @ApiPropertyOptional({
    type: String,
    example: 'failed,queued',
    description: `Processing states, comma separated: ${STATES.join(', ')}`,
  })
  @IsOptional()
  @CommaList()
  @IsArray({ message: `state must list processing states (${STATES.join(', ')})` })
  @ArrayMaxSize(STATES.length, { message: 'state lists too many values' })
  @IsIn(STATES, { each: true, message: `state must list processing states (${STATES.join(', ')})` })
  state?: ProcessingState[];

  @ApiPropertyOptional({ description: 'Only videos in this playlist' })
  @IsOptional()
  @IsId('playlist')
  playlist?: number;

  @ApiPropertyOptional({ description: 'Only videos in a playlist of this theme' })
  @IsOptional()
  @IsId('theme')
  theme?: number;

  @ApiPropertyOptional({
    type: String,
    example: '12!2|3!4',
    description:
      'Filter list of DESIGN §2.6 ("id!kind" joined by "|"; kinds 2 tag, 4 genre, 5 mood, 6 activity, 8 video genre…): ' +
      'entries of one kind are OR-ed, different kinds AND-ed',
  })
  @IsOptional()
  @Allow()
  @Transform(({ value }: { value: unknown }) => groupByKind(parseFilterList(value)), { toClassOnly: true })
  filter?: FilterSelection;
}

/** GET admin/videos: a page of the video list, sorted and filtered. */
export class AdminVideoListQueryDto extends IntersectionType(AdminVideoFilterDto, AdminListPageDto) {
  @ApiPropertyOptional({
    enum: VIDEO_SORTS,
    description: 'Sort column; default: created (newest first), or best title match when q is given',
  })
  @IsOptional()
  @IsIn(VIDEO_SORTS, { message: `sort must be one of ${VIDEO_SORTS.join(', ')}` })
  sort?: VideoSort;
}

export const BULK_MAX_TAGS = 50;

export const VIDEO_BULK_ACTIONS = [
  'access_on',
  'access_off',
  'add_to_playlist',
  'add_tags',
  'remove_tags',
  'retry',
  'delete',
] as const;
export type VideoBulkAction = (typeof VIDEO_BULK_ACTIONS)[number];

/** POST admin/videos/bulk: one action on the named videos or on everything a filter matches. */
export class AdminVideoBulkDto {
  @ApiProperty({ enum: VIDEO_BULK_ACTIONS })
  @IsIn(VIDEO_BULK_ACTIONS, { message: `action must be one of ${VIDEO_BULK_ACTIONS.join(', ')}` })
  action: VideoBulkAction;

  @ApiPropertyOptional({ type: [Number], maxItems: BULK_MAX_IDS, description: 'The chosen videos (or give filter)' })
  @IsOptional()
  @IsBulkIds('video')
  ids?: number[];

  @ApiPropertyOptional({
    type: AdminVideoFilterDto,
    description: `Every video this filter matches (at most ${BULK_FILTER_MAX}); {} is every video`,
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => AdminVideoFilterDto)
  filter?: AdminVideoFilterDto;

  @ApiPropertyOptional({ description: 'add_to_playlist: the editorial playlist' })
  @IsOptional()
  @IsId('playlist_id')
  playlist_id?: number;

  @ApiPropertyOptional({ type: [Number], maxItems: BULK_MAX_TAGS, description: 'add_tags, remove_tags: tag ids' })
  @IsOptional()
  @IsArray({ message: 'tag_ids must be a list of tag ids' })
  @ArrayMinSize(1, { message: 'tag_ids must name at least one tag' })
  @ArrayMaxSize(BULK_MAX_TAGS, { message: `At most ${BULK_MAX_TAGS} tags at a time` })
  @IsInt({ each: true, message: 'tag_ids must be a list of tag ids' })
  @Min(1, { each: true, message: 'tag_ids must be a list of tag ids' })
  @Max(MAX_INT, { each: true, message: 'tag_ids must be a list of tag ids' })
  tag_ids?: number[];
}
