import {
  BadRequestException,
  createParamDecorator,
  Injectable,
  ValidationPipe,
  type ExecutionContext,
  type PipeTransform,
} from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';
import { Transform } from 'class-transformer';
import { FilterKind } from '@app/contracts';
import { groupByKind, parseFilterList, type FilterSelection } from './filter-list.js';

export class FilterListItemDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ enum: FilterKind, example: FilterKind.Genre })
  kind: FilterKind;
}

/**
 * Body of the filter calls (public filters and facets, admin video filter): the current
 * selection. `data` arrives as the wire text or list and leaves validation as ids per kind;
 * a malformed list is a 400 from the one filter-list reader.
 */
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
  @Allow()
  @Transform(({ value }: { value: unknown }) => groupByKind(parseFilterList(value)), { toClassOnly: true })
  data: FilterSelection = new Map();
}

const NOT_AN_OBJECT = 'The body must be an object such as {"data": "12!4|7!7"}';

/**
 * The public filter calls ignore fields other than `data` (spec clients send more), so their
 * body is checked by FilterBodyDto without the global pipe's refusal of unknown fields.
 */
@Injectable()
export class LenientFilterBodyPipe implements PipeTransform<unknown, Promise<FilterBodyDto>> {
  private readonly pipe = new ValidationPipe({
    transform: true,
    whitelist: true,
    expectedType: FilterBodyDto,
  });

  async transform(body: unknown): Promise<FilterBodyDto> {
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
      throw new BadRequestException({ message: NOT_AN_OBJECT });
    }
    return (await this.pipe.transform(body ?? {}, { type: 'body' })) as FilterBodyDto;
  }
}

// A custom decorator: the global ValidationPipe (which refuses unknown fields) leaves it alone.
const RawBody = createParamDecorator(
  (_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<{ body?: unknown }>().body,
);

/** `@FilterBody() body: FilterBodyDto`: the public filter calls' body, unknown fields ignored. */
export const FilterBody = (): ParameterDecorator => RawBody(LenientFilterBodyPipe);
