import { BadRequestException } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { Status } from '@app/contracts';

export const PROVIDE_TITLE = 'Please, Provide Title';
export const STATUS_MESSAGE = 'Status must be 0 (access off) or 1 (access on)';

/** A required title (spec §5): trimmed; empty or missing is 'Please, Provide Title'. */
export function requireTitle(value: unknown, max = 200): string {
  const title = typeof value === 'string' ? value.trim() : '';
  if (!title) throw new BadRequestException({ message: PROVIDE_TITLE });
  if (title.length > max) throw new BadRequestException({ message: `The title is longer than ${max} characters` });
  return title;
}

/** 0/1 as numbers, digit strings or booleans (a form switch may send any of them). */
export function toStatus(value: unknown): Status | undefined {
  if (value === 0 || value === '0' || value === false || value === 'false') return Status.Off;
  if (value === 1 || value === '1' || value === true || value === 'true') return Status.On;
  return undefined;
}

export function parseStatus(value: unknown, fallback: Status): Status {
  if (value === undefined || value === null || value === '') return fallback;
  const status = toStatus(value);
  if (status === undefined) throw new BadRequestException({ message: STATUS_MESSAGE });
  return status;
}

/** For DTOs: turns the accepted spellings into 0/1 and leaves anything else for @IsIn to refuse. */
export const StatusTransform = () => Transform(({ value }) => toStatus(value) ?? value);

/** Multipart forms are as strict as JSON bodies: an unexpected field is refused, not ignored. */
export function refuseUnknownFields(fields: Map<string, string>, allowed: readonly string[]): void {
  for (const name of fields.keys()) {
    if (!allowed.includes(name)) {
      throw new BadRequestException({ message: `Unknown field: ${name.replace(/[^\x20-\x7e]/g, '?').slice(0, 60)}` });
    }
  }
}

/** DTO rule for a required title, with one message per problem (no decorator-order surprises). */
export function IsTitle(max = 200): PropertyDecorator {
  return ValidateBy({
    name: 'isTitle',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.trim().length > 0 && value.trim().length <= max,
      defaultMessage: (args?: ValidationArguments) =>
        typeof args?.value === 'string' && args.value.trim().length > max
          ? `The title is longer than ${max} characters`
          : PROVIDE_TITLE,
    },
  });
}
