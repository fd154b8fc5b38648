import {
  BadRequestException,
  UnsupportedMediaTypeException,
  ValidationPipe,
  type ArgumentMetadata,
  type ValidationError,
} from '@nestjs/common';

function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    if (error.constraints) {
      const values = Object.values(error.constraints);
      if (error.constraints.whitelistValidation) return `Unknown field: ${error.property}`;
      if (values.length > 0) return values[0];
    }
    if (error.children?.length) return firstMessage(error.children);
  }
  return 'Invalid request';
}

/**
 * Strict DTO validation: unknown fields (an attempt to set `is_staff` or `id`) are refused, and
 * the first problem becomes `{"message": "..."}`. A JSON call's body must be a JSON object: sent
 * as a multipart form (which the api's multipart routes read themselves, so here it arrives as
 * nothing) it was taken for an empty object, and an edit answered 200 having saved nothing.
 */
class StrictValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' && metadata.metatype && metadata.metatype !== Object) {
      if (value === undefined)
        throw new UnsupportedMediaTypeException({ message: 'Send the body as JSON (application/json)' });
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw new BadRequestException({ message: 'The body must be a JSON object' });
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new StrictValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException({ message: firstMessage(errors) }),
  });
}
