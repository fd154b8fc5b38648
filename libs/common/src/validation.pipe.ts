import { BadRequestException, ValidationPipe, type ValidationError } from '@nestjs/common';

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
 * the first problem becomes `{"message": "..."}`.
 */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new BadRequestException({ message: firstMessage(errors) }),
  });
}
