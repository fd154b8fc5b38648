import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AdminIdTitleDto, AdminListItemDto } from '../common/answers.dto.js';

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
