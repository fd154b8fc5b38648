import { BadRequestException } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { MAX_SEARCH_TEXT, PAGE_SIZE, Status } from '@app/contracts';
import { MAX_INT } from '../../common/params.js';

/** The largest page a staff list answers (the page-size menu offers 10, 25, 50, 100). */
export const MAX_ADMIN_PAGE_SIZE = 100;

/**
 * Whole numbers in a query string or a JSON body, by the path numbers' grammar: plain digits
 * only ("1e3", "0x10", " 1" stay text and fail @IsInt with the field's message).
 */
export const WholeNumber = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value,
  );

/** A list of values given as "a,b" in a query string or as an array in a JSON body. */
export const CommaList = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.split(',').filter((item) => item !== '') : value,
  );

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_MESSAGE = (name: string) => `${name} must be a date such as 2026-01-31`;

/** A whole number from 1 (an id) in a query or body, with its own message. */
export function IsId(name: string): PropertyDecorator {
  return (target, key) => {
    WholeNumber()(target, key);
    IsInt({ message: `${name} must be a whole number from 1` })(target, key);
    Min(1, { message: `${name} must be a whole number from 1` })(target, key);
    Max(MAX_INT, { message: `${name} must be a whole number from 1` })(target, key);
  };
}

/** What every staff list filters by: title text and access. */
export class AdminTitleFilterDto {
  @ApiPropertyOptional({ description: 'Title search (accent, case and punctuation insensitive)' })
  @IsOptional()
  @IsString({ message: 'q must be text' })
  @MaxLength(MAX_SEARCH_TEXT, { message: `Search text is too long (at most ${MAX_SEARCH_TEXT} characters)` })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  q?: string;

  @ApiPropertyOptional({ enum: ['on', 'off'], description: 'Only items with access on, or off' })
  @IsOptional()
  @IsIn(['on', 'off'], { message: 'access must be on or off' })
  access?: 'on' | 'off';
}

/**
 * The filter of the lists whose items have a date added: title text, access, and the day
 * range it was added in. The same fields name "everything this filter matches" in a bulk request.
 */
export class AdminListFilterDto extends AdminTitleFilterDto {
  @ApiPropertyOptional({ example: '2026-01-01', description: 'Added on or after this day (YYYY-MM-DD)' })
  @IsOptional()
  @Matches(DATE, { message: DATE_MESSAGE('from') })
  from?: string;

  @ApiPropertyOptional({ example: '2026-01-31', description: 'Added on or before this day (YYYY-MM-DD)' })
  @IsOptional()
  @Matches(DATE, { message: DATE_MESSAGE('to') })
  to?: string;
}

/** Page and direction of a sorted staff list. */
export class AdminListPageDto {
  @ApiPropertyOptional({ default: 1, minimum: 1, description: 'Page, from 1; past the end answers an empty page' })
  @IsOptional()
  @IsId('page')
  page: number = 1;

  @ApiPropertyOptional({ default: PAGE_SIZE.admin, minimum: 1, maximum: MAX_ADMIN_PAGE_SIZE })
  @IsOptional()
  @WholeNumber()
  @IsInt({ message: `page_size must be a whole number from 1 to ${MAX_ADMIN_PAGE_SIZE}` })
  @Min(1, { message: `page_size must be a whole number from 1 to ${MAX_ADMIN_PAGE_SIZE}` })
  @Max(MAX_ADMIN_PAGE_SIZE, { message: `page_size must be a whole number from 1 to ${MAX_ADMIN_PAGE_SIZE}` })
  page_size: number = PAGE_SIZE.admin;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], description: 'Default: desc for dates, asc otherwise' })
  @IsOptional()
  @IsIn(['asc', 'desc'], { message: 'order must be asc or desc' })
  order?: 'asc' | 'desc';
}

/** The day range of a filter as SQL bounds, refused when it runs backwards or names no real day. */
export function dayRange(filter: Pick<AdminListFilterDto, 'from' | 'to'>): { from?: string; to?: string } {
  for (const [name, value] of [
    ['from', filter.from],
    ['to', filter.to],
  ] as const) {
    if (value !== undefined && Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
      throw new BadRequestException({ message: DATE_MESSAGE(name) });
    }
    if (value !== undefined && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
      throw new BadRequestException({ message: DATE_MESSAGE(name) });
    }
  }
  if (filter.from && filter.to && filter.from > filter.to) {
    throw new BadRequestException({ message: 'from must not be after to' });
  }
  return { from: filter.from, to: filter.to };
}

/** ORDER BY for a sort column: the id breaks ties the same way, so the (column, id) index serves it. */
export function orderBy(column: string, direction: 'asc' | 'desc', id: string): string {
  return `${column} ${direction.toUpperCase()}, ${id} ${direction.toUpperCase()}`;
}

/** The access filter as the status column's value. */
export function accessStatus(access: 'on' | 'off' | undefined): Status | undefined {
  return access === undefined ? undefined : access === 'on' ? Status.On : Status.Off;
}

export interface ListOrder<S extends string> {
  sort: S;
  direction: 'asc' | 'desc';
}

/**
 * The order of a staff list, one rule for every list: dates read newest first unless told
 * otherwise, the other columns A→Z (shortest, off, first place first). Without a sort the
 * list's own default applies, or, for lists that rank a search, the best title match first
 * (undefined).
 */
export function listOrderOf<S extends string>(
  query: { sort?: S; order?: 'asc' | 'desc'; q?: string },
  rules: { fallback: S; dated: readonly S[]; rankSearch: boolean },
): ListOrder<S> | undefined {
  if (!query.sort && query.q && rules.rankSearch) return undefined;
  const sort = query.sort ?? rules.fallback;
  return { sort, direction: query.order ?? (rules.dated.includes(sort) ? 'desc' : 'asc') };
}
