import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AUTH_LIMITS, AUTH_MESSAGES, EMAIL_PATTERN, PERSON_NAME_PATTERN, PHONE_PATTERN } from '@app/contracts';
import type { BodyRules, FieldRule } from './auth-body.js';

/** PERSON_NAME_PATTERN in words, for the API documentation. */
export const NAME_RULE = `At least one letter; no control or invisible characters (new lines, zero-width spaces, direction overrides); at most ${AUTH_LIMITS.nameMaxMarksInARow} combining marks in a row`;

export class RegisterDto {
  @ApiProperty({ minLength: 2, maxLength: 150, example: 'Ada', description: NAME_RULE })
  first_name: string;

  @ApiProperty({ minLength: 2, maxLength: 150, example: 'Lovelace', description: NAME_RULE })
  last_name: string;

  @ApiProperty({ maxLength: 254, example: 'ada@example.com' })
  email: string;

  @ApiProperty({ minLength: 8, maxLength: 128, format: 'password' })
  password: string;

  @ApiProperty({ minLength: 8, maxLength: 128, format: 'password', description: 'Must equal password.' })
  re_password: string;

  @ApiProperty({ pattern: PHONE_PATTERN.source, example: '+441234567890', description: '+ and 6-13 digits' })
  mobile_number: string;

  @ApiPropertyOptional({ default: false, description: 'Agrees to promotional e-mails.' })
  gives_permission?: boolean;
}

const { nameMinLength, nameMaxLength, passwordMinLength, passwordMaxLength, emailMaxLength } = AUTH_LIMITS;

/**
 * One rule per account field, shared by registration and the account page's PATCH users/me/
 * (spec admin-and-auth §5: the same messages wherever the field is edited).
 */
export const ACCOUNT_FIELD_RULES = {
  first_name: {
    name: 'first_name',
    kind: 'string',
    required: true,
    minLength: nameMinLength,
    maxLength: nameMaxLength,
    pattern: PERSON_NAME_PATTERN,
    message: AUTH_MESSAGES.names,
  },
  last_name: {
    name: 'last_name',
    kind: 'string',
    required: true,
    minLength: nameMinLength,
    maxLength: nameMaxLength,
    pattern: PERSON_NAME_PATTERN,
    message: AUTH_MESSAGES.names,
  },
  password: {
    name: 'password',
    kind: 'password',
    required: true,
    minLength: passwordMinLength,
    maxLength: passwordMaxLength,
    message: AUTH_MESSAGES.passwordLength,
  },
  email: {
    name: 'email',
    kind: 'string',
    required: true,
    maxLength: emailMaxLength,
    pattern: EMAIL_PATTERN,
    message: AUTH_MESSAGES.email,
  },
  mobile_number: {
    name: 'mobile_number',
    kind: 'string',
    required: true,
    maxLength: 32,
    pattern: PHONE_PATTERN,
    message: AUTH_MESSAGES.phone,
  },
  gives_permission: { name: 'gives_permission', kind: 'boolean', required: false },
} as const satisfies Record<string, FieldRule>;

const { first_name, last_name, password, email, mobile_number, gives_permission } = ACCOUNT_FIELD_RULES;

/** Spec admin-and-auth §5 "Registration", checked in the spec's order. */
export const REGISTER_RULES: BodyRules = {
  fields: [
    first_name,
    last_name,
    password,
    email,
    mobile_number,
    {
      name: 're_password',
      kind: 'password',
      required: true,
      maxLength: passwordMaxLength,
      message: AUTH_MESSAGES.passwordMismatch,
    },
    gives_permission,
  ],
  across: (body) =>
    body.password === body.re_password ? null : { non_field_errors: [AUTH_MESSAGES.passwordMismatch] },
};
