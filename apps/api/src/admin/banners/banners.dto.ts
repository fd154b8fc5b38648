import { ApiProperty, ApiPropertyOptional, IntersectionType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { AdminIdTitleDto } from '../common/answers.dto.js';
import { AdminListPageDto, AdminTitleFilterDto, IsId } from '../common/list-query.dto.js';
import { IsTitle, STATUS_MESSAGE, StatusTransform } from '../common/form-fields.js';
import { MAX_INT } from '../../common/params.js';

export class AdminBannerDto {
  @ApiProperty()
  id: number;

  @ApiProperty()
  video_id: number;

  @ApiProperty()
  playlist_id: number;

  @ApiProperty()
  group_id: number;

  @ApiProperty()
  banner_title: string;

  @ApiProperty({ enum: [0, 1] })
  status: number;

  @ApiProperty({ description: 'Place on the main page, from 1' })
  position: number;

  @ApiProperty()
  video_title: string;

  @ApiProperty({ type: [AdminIdTitleDto] })
  genres: AdminIdTitleDto[];

  @ApiProperty({ description: 'Comma separated' })
  artists: string;

  @ApiProperty({ description: 'Comma separated' })
  composers: string;

  @ApiProperty()
  playlist_title: string;

  @ApiProperty()
  group_title: string;

  @ApiProperty({ description: 'Seconds' })
  video_duration: number;

  @ApiProperty({ description: 'Whether a banner image was uploaded' })
  has_image: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Signed staff address of its video’s image, also while the video’s access is off: append `300/` or `600/`. Null when it has none',
  })
  video_image: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Signed staff address of the banner’s own image (edit_banner_video’s file), also while viewers do not see the banner: append `300/` or `600/`. Null when none was uploaded',
  })
  banner_image: string | null;

  @ApiProperty({
    type: [String],
    enum: ['video', 'playlist', 'theme', 'stream'],
    description:
      'Why viewers do not see the banner whatever its own access: the main page shows a banner only while its video, playlist and theme are on and its video can be played (stream: the video is on but its transcode has not finished or failed, and it has no external link)',
  })
  hidden_by: ('video' | 'playlist' | 'theme' | 'stream')[];

  @ApiProperty({ description: 'Raised by every save of edit_banner_video; send it back in its data JSON as revision' })
  revision: number;
}

const idRule = (name: string) => [
  Type(() => Number),
  IsInt({ message: `${name} must be a whole number from 1` }),
  Min(1, { message: `${name} must be a whole number from 1` }),
  Max(MAX_INT, { message: `${name} must be a whole number from 1` }),
];

function Id(name: string): PropertyDecorator {
  return (target, key) => idRule(name).forEach((decorate) => decorate(target, key));
}

export class AdminAddBannerDto {
  @ApiProperty()
  @Id('video_id')
  video_id: number;

  @ApiProperty()
  @Id('playlist_id')
  playlist_id: number;

  @ApiProperty()
  @Id('group_id')
  group_id: number;

  @ApiProperty({ description: 'Banner title (required)' })
  @IsTitle()
  title: string;

  @ApiPropertyOptional({ enum: [0, 1], description: 'Default 0 (Access Off)' })
  @IsOptional()
  @StatusTransform()
  @IsIn([0, 1], { message: STATUS_MESSAGE })
  status?: number;
}

/** The multipart form of edit_banner_video/{id}/ (for the OpenAPI document). */
export class AdminBannerFormDto {
  @ApiProperty({
    description:
      'JSON: {"title": "...", "status": 0|1, "revision": n}. revision (optional): the one the banner list answered; ' +
      'when the stored one differs, someone else saved in between: 409 and nothing changes',
    example: '{"title":"Summer","status":1,"revision":3}',
  })
  data: string;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Banner image: JPEG or PNG' })
  file?: unknown;
}

export { AdminIdTitleDto };

export const BANNER_SORTS = ['position', 'title', 'access'] as const;
export type BannerSort = (typeof BANNER_SORTS)[number];

/** GET admin/banners: a page of the banners, in their hand order unless sorted otherwise. */
export class AdminBannerListQueryDto extends IntersectionType(AdminTitleFilterDto, AdminListPageDto) {
  @ApiPropertyOptional({ description: 'Only banners shown in this theme' })
  @IsOptional()
  @IsId('theme')
  theme?: number;

  @ApiPropertyOptional({ description: 'Only banners shown in this playlist' })
  @IsOptional()
  @IsId('playlist')
  playlist?: number;

  @ApiPropertyOptional({
    enum: BANNER_SORTS,
    description: 'Sort column; default: position (the order of the main page, the only one drag and drop changes)',
  })
  @IsOptional()
  @IsIn(BANNER_SORTS, { message: `sort must be one of ${BANNER_SORTS.join(', ')}` })
  sort?: BannerSort;
}

export class AdminBannerPageDto {
  @ApiProperty({ type: [AdminBannerDto] })
  banners: AdminBannerDto[];

  @ApiProperty({ description: 'Banners the filter matches, all pages' })
  bannerLength: number;
}
