import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { AUTH_LIMITS, AUTH_MESSAGES, PHONE_PATTERN } from '@app/contracts';
import type { BodyRules, FieldErrors, FieldRule } from './auth-body.js';
import { ACCOUNT_FIELD_RULES, NAME_RULE } from './register.dto.js';

/** PATCH auth/users/me/: any of these; the e-mail is not changed here. */
export class UpdateMeDto {
  @ApiPropertyOptional({ minLength: 2, maxLength: 150, example: 'Ada', description: NAME_RULE })
  first_name?: string;

  @ApiPropertyOptional({ minLength: 2, maxLength: 150, example: 'Lovelace', description: NAME_RULE })
  last_name?: string;

  @ApiPropertyOptional({ pattern: PHONE_PATTERN.source, example: '+441234567890', description: '+ and 6-13 digits' })
  mobile_number?: string;

  @ApiPropertyOptional({ description: 'Agrees to promotional e-mails.' })
  gives_permission?: boolean;
}

/** The registration rule of a field, for a partial update: it may be left out, but not blanked. */
function optional(rule: FieldRule): FieldRule {
  return { ...rule, required: false, minLength: Math.max(rule.minLength ?? 0, 1) };
}

const { first_name, last_name, mobile_number, gives_permission } = ACCOUNT_FIELD_RULES;

export const UPDATE_ME_RULES: BodyRules = {
  fields: [optional(first_name), optional(last_name), optional(mobile_number), gives_permission],
  refuseNull: true,
};

/** The account's password, asked again before it is changed or the account deleted. */
const CURRENT_PASSWORD: FieldRule = {
  name: 'current_password',
  kind: 'password',
  required: true,
  maxLength: AUTH_LIMITS.passwordMaxLength,
};

export class SetPasswordDto {
  @ApiProperty({ format: 'password' })
  current_password: string;

  @ApiProperty({ minLength: 8, maxLength: 128, format: 'password' })
  new_password: string;

  @ApiProperty({ minLength: 8, maxLength: 128, format: 'password', description: 'Must equal new_password.' })
  re_new_password: string;
}

/**
 * djoser's set_password with re_new_password; the length rule and message are registration's.
 * What the new password may not be (`passwordProblems`) is checked by the service, which knows
 * whose it is; the same as the current one is refused here, before any guess is spent.
 */
export const SET_PASSWORD_RULES: BodyRules = {
  fields: [
    CURRENT_PASSWORD,
    { ...ACCOUNT_FIELD_RULES.password, name: 'new_password' },
    {
      name: 're_new_password',
      kind: 'password',
      required: true,
      maxLength: AUTH_LIMITS.passwordMaxLength,
      message: AUTH_MESSAGES.passwordMismatch,
    },
  ],
  across: (body): FieldErrors | null => {
    if (body.new_password !== body.re_new_password) return { non_field_errors: [AUTH_MESSAGES.passwordMismatch] };
    return body.new_password === body.current_password ? { new_password: [AUTH_MESSAGES.passwordUnchanged] } : null;
  },
};

export class DeleteMeDto {
  @ApiProperty({ format: 'password' })
  current_password: string;
}

export const DELETE_ME_RULES: BodyRules = { fields: [CURRENT_PASSWORD] };
