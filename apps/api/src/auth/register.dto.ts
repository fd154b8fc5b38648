import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { dictionary } from '@zxcvbn-ts/language-common';
import { AUTH_LIMITS, AUTH_MESSAGES, EMAIL_PATTERN, PERSON_NAME_PATTERN, PHONE_PATTERN } from '@app/contracts';
import { FieldErrorsException, type BodyRules, type FieldErrors, type FieldRule } from './auth-body.js';

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
  /** Its length here; what it may not be is `passwordProblems`, checked against the person. */
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

/** zxcvbn-ts's list of common passwords (about 49,000 from public leaks), read once. */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

/** Shorter names and e-mail names are in too many passwords by chance to refuse them. */
const SIMILAR_MIN_LENGTH = 3;

/** Whose password it is: what it must not be made of. */
export interface PasswordOwner {
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Django's default password validators as djoser runs them on every new password (registration,
 * reset confirm, set_password), in their order and words: too similar to the person (it contains
 * the e-mail's name before the @, the first or the last name, ignoring case, when that has 3
 * characters or more), too common, entirely numeric; and a single character repeated. Every
 * problem is listed, as Django does. The length is the field rule's (`ACCOUNT_FIELD_RULES.password`).
 */
export function passwordProblems(password: string, owner: PasswordOwner): string[] {
  const problems: string[] = [];
  const lower = password.toLowerCase();
  const similar = (
    [
      [owner.email.slice(0, owner.email.lastIndexOf('@')), AUTH_MESSAGES.passwordTooSimilar.email],
      [owner.firstName, AUTH_MESSAGES.passwordTooSimilar.firstName],
      [owner.lastName, AUTH_MESSAGES.passwordTooSimilar.lastName],
    ] as const
  ).find(([part]) => part.trim().length >= SIMILAR_MIN_LENGTH && lower.includes(part.trim().toLowerCase()));
  if (similar) problems.push(similar[1]);
  // Django compares the password lower-cased and stripped.
  if (COMMON_PASSWORDS.has(lower.trim())) problems.push(AUTH_MESSAGES.passwordTooCommon);
  if (/^\p{Nd}+$/u.test(password)) problems.push(AUTH_MESSAGES.passwordEntirelyNumeric);
  if (/^(.)\1*$/su.test(password)) problems.push(AUTH_MESSAGES.passwordRepeatedCharacter);
  return problems;
}

/** The problems of a new password as djoser's 400 on `field` (nothing is changed). */
export function assertPasswordAllowed(field: string, password: string, owner: PasswordOwner): void {
  const problems = passwordProblems(password, owner);
  if (problems.length > 0) throw new FieldErrorsException({ [field]: problems });
}

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
  // djoser's order: the password's problems, then whether the two are equal.
  across: (body): FieldErrors | null => {
    const problems = passwordProblems(body.password as string, {
      email: body.email as string,
      firstName: body.first_name as string,
      lastName: body.last_name as string,
    });
    if (problems.length > 0) return { password: problems };
    return body.password === body.re_password ? null : { non_field_errors: [AUTH_MESSAGES.passwordMismatch] };
  },
};
