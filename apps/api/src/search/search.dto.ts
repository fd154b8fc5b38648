import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
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

export class FilterListItemDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ enum: FilterKind, example: FilterKind.Genre })
  kind: FilterKind;
}

/** Body of the filter and facet calls: the current selection. */
export class FilterBodyDto {
  @ApiPropertyOptional({
    oneOf: [
      { type: 'string', example: '12!4|7!7' },
      { type: 'array', items: { $ref: '#/components/schemas/FilterListItemDto' } },
    ],
    description:
      'The current filter list: "id!kind" entries joined by "|" (as in /filter_results/{filterList}) or a list of ' +
      '{id, kind}. Entries of one kind are OR-ed, different kinds AND-ed. Empty or absent: no filter.',
  })
  data?: string | FilterListItemDto[];
}
