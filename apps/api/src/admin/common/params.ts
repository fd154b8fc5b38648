import { BadRequestException, Param, type PipeTransform } from '@nestjs/common';

/** Largest value of a Postgres `integer`: ids and positions above it cannot exist. */
export const MAX_INT = 2_147_483_647;

/** Whole numbers from 1 (ids, pages, positions); anything else is a 400 naming the parameter. */
export class PositiveIntPipe implements PipeTransform<string, number> {
  constructor(private readonly name: string) {}

  transform(value: string): number {
    const text = String(value ?? '').trim();
    if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > MAX_INT) {
      throw new BadRequestException({ message: `${this.name} must be a whole number from 1` });
    }
    return Number(text);
  }
}

/**
 * Search text from a path segment: the client sends a single space for "no text", so it is
 * trimmed (and an empty result means "everything"). Long input is refused, not truncated.
 */
export class SearchTextPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    const text = String(value ?? '').trim();
    if (text.length > 200) throw new BadRequestException({ message: 'The search text is longer than 200 characters' });
    return text;
  }
}

/** An optional whole-number query parameter (undefined when absent). */
export class OptionalIntPipe implements PipeTransform<string | undefined, number | undefined> {
  private readonly inner: PositiveIntPipe;

  constructor(name: string) {
    this.inner = new PositiveIntPipe(name);
  }

  transform(value: string | undefined): number | undefined {
    return value === undefined || value === '' ? undefined : this.inner.transform(value);
  }
}

export const IdParam = (name: string) => Param(name, new PositiveIntPipe(name));
export const PageParam = (name = 'page') => Param(name, new PositiveIntPipe(name));
export const QueryParam = (name = 'query') => Param(name, new SearchTextPipe());

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
