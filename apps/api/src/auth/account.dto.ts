import { ApiProperty } from '@nestjs/swagger';
import { AUTH_LIMITS, AUTH_MESSAGES, EMAIL_PATTERN } from '@app/contracts';
import type { BodyRules } from './auth-body.js';

export class ActivationDto {
  @ApiProperty({ description: 'From the activation link /activate/{uid}/{token}.' })
  uid: string;

  @ApiProperty()
  token: string;
}

const UID_AND_TOKEN: BodyRules['fields'] = [
  { name: 'uid', kind: 'password', required: true, maxLength: 64 },
  { name: 'token', kind: 'password', required: true, maxLength: 128 },
];

export const ACTIVATION_RULES: BodyRules = { fields: UID_AND_TOKEN };

export class ResetRequestDto {
  @ApiProperty({ example: 'ada@example.com' })
  email: string;
}

export const RESET_REQUEST_RULES: BodyRules = {
  fields: [
    {
      name: 'email',
      kind: 'string',
      required: true,
      maxLength: AUTH_LIMITS.emailMaxLength,
      pattern: EMAIL_PATTERN,
      message: AUTH_MESSAGES.email,
    },
  ],
};

export class ResetConfirmDto {
  @ApiProperty({ description: 'From the reset link /password-reset/{uid}/{token}.' })
  uid: string;

  @ApiProperty()
  token: string;

  @ApiProperty({ minLength: 8, maxLength: 128, format: 'password' })
  new_password: string;

  @ApiProperty({ minLength: 8, maxLength: 128, format: 'password', description: 'Must equal new_password.' })
  re_new_password: string;
}

/** Only the shape here: uid and token are checked against the account first, then the password (djoser's order). */
export const RESET_CONFIRM_RULES: BodyRules = {
  fields: [
    ...UID_AND_TOKEN,
    {
      name: 'new_password',
      kind: 'password',
      required: true,
      maxLength: AUTH_LIMITS.passwordMaxLength,
      message: AUTH_MESSAGES.newPasswordLength,
    },
    {
      name: 're_new_password',
      kind: 'password',
      required: true,
      maxLength: AUTH_LIMITS.passwordMaxLength,
      message: AUTH_MESSAGES.passwordMismatch,
    },
  ],
};
