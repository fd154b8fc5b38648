import { ApiProperty } from '@nestjs/swagger';
import { FilterKind } from '@app/contracts';

/** A value to filter by (spec: filter entry). */
export class FilterEntryDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ example: 'Jazz' })
  title: string;

  @ApiProperty({
    enum: FilterKind,
    example: FilterKind.Genre,
    description: '2 tag, 3 composer, 4 genre, 5 mood, 6 activity, 7 artist, 8 video genre',
  })
  kind: FilterKind;
}
