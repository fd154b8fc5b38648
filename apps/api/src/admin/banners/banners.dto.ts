import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { AdminIdTitleDto } from '../common/answers.dto.js';
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
  @ApiProperty({ description: 'JSON: {"title": "...", "status": 0|1}', example: '{"title":"Summer","status":1}' })
  data: string;

  @ApiPropertyOptional({ type: 'string', format: 'binary', description: 'Banner image: JPEG or PNG' })
  file?: unknown;
}

export { AdminIdTitleDto };
