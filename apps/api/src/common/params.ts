import {
  BadRequestException,
  createParamDecorator,
  type ExecutionContext,
  type PipeTransform,
  Param,
} from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { MAX_SEARCH_TEXT } from '@app/contracts';

/** Largest value of a Postgres `integer` column: ids and positions above it cannot exist. */
export const MAX_INT = 2_147_483_647;

/**
 * Path numbers (ids, pages, positions; seconds from `min` 0) are whole numbers written in plain
 * digits. Anything else ("-1", "1e3", "0x10", " 1", "abc", and "0" for an id) is the caller's
 * mistake: 400 naming the parameter.
 */
export function parseWholeNumber(name: string, value: unknown, min: 0 | 1): number {
  const text = typeof value === 'string' ? value : '';
  if (!/^\d{1,10}$/.test(text) || Number(text) < min || Number(text) > MAX_INT) {
    throw new BadRequestException({ message: `${name} must be a whole number from ${min} to ${MAX_INT}` });
  }
  return Number(text);
}

export function parsePositiveInt(name: string, value: unknown): number {
  return parseWholeNumber(name, value, 1);
}

// A custom parameter decorator reads the raw path text: the global ValidationPipe would first
// turn "1e3" into 1000 for a parameter typed `number`, and it leaves custom decorators alone.
const PathInt = createParamDecorator(({ name, min }: { name: string; min: 0 | 1 }, context: ExecutionContext) =>
  parseWholeNumber(name, context.switchToHttp().getRequest<{ params: Record<string, string> }>().params[name], min),
);

function pathNumber(name: string, min: 0 | 1, description?: string): ParameterDecorator {
  return (target, key, index) => {
    PathInt({ name, min })(target, key, index);
    const descriptor = key === undefined ? undefined : Object.getOwnPropertyDescriptor(target, key);
    if (key !== undefined && descriptor) {
      ApiParam({ name, schema: { type: 'integer', minimum: min, maximum: MAX_INT }, description })(
        target,
        key,
        descriptor,
      );
    }
  };
}

/** `@IdParam('videoId')`: a positive integer path parameter, documented in the OpenAPI document. */
export const IdParam = (name: string, description?: string) => pathNumber(name, 1, description);

/** `@SecondsParam('offset')`: whole seconds from 0, a path parameter. */
export const SecondsParam = (name: string, description?: string) => pathNumber(name, 0, description);

/** `@PageParam()`: pages start at 1; a page past the end answers an empty list. */
export const PageParam = (name = 'page') => IdParam(name, 'Page number, from 1');

/** The first row of a page of `pageSize` rows. */
export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/**
 * An optional whole-number query parameter (undefined when absent), by the same grammar. The
 * global ValidationPipe has already turned a `number` parameter's text into a number.
 */
export class OptionalIntPipe implements PipeTransform<string | number | undefined, number | undefined> {
  constructor(private readonly name: string) {}

  transform(value: string | number | undefined): number | undefined {
    if (value === undefined || value === '') return undefined;
    return parsePositiveInt(this.name, typeof value === 'number' ? String(value) : value);
  }
}

export function refuseLongSearchText(text: string): void {
  if (text.length > MAX_SEARCH_TEXT) {
    throw new BadRequestException({ message: `Search text is too long (at most ${MAX_SEARCH_TEXT} characters)` });
  }
}

/**
 * Search text from a path segment: the client sends a single space for "no text", so it is
 * trimmed (and an empty result means "everything").
 */
export class SearchTextPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    const text = String(value ?? '').trim();
    refuseLongSearchText(text);
    return text;
  }
}

export const QueryParam = (name = 'query') => Param(name, new SearchTextPipe());
