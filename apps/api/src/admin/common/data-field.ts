import { BadRequestException } from '@nestjs/common';
import { assertCleanRequestText } from '@app/common';

/**
 * The JSON object in a multipart form's `data` field (video and banner forms). The forms send
 * their whole state, so keys this call does not use are ignored; the ones it uses are checked.
 */
export function parseDataField(value: string | undefined): Record<string, unknown> {
  if (value === undefined) throw new BadRequestException({ message: 'The form has no "data" field' });
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new BadRequestException({ message: 'The "data" field is not valid JSON' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BadRequestException({ message: 'The "data" field must be a JSON object' });
  }
  assertCleanRequestText(parsed, 'data');
  return parsed as Record<string, unknown>;
}
