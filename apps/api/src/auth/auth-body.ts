import {
  BadRequestException,
  createParamDecorator,
  Injectable,
  type ExecutionContext,
  type PipeTransform,
} from '@nestjs/common';

/** djoser's error shape: field name → messages. */
export type FieldErrors = Record<string, string[]>;

/**
 * 400 in djoser's shape, e.g. {"email": ["..."]}, plus a top-level "message" with the first
 * problem (DESIGN.md §2.3), so clients reading either find the text.
 */
export class FieldErrorsException extends BadRequestException {
  constructor(errors: FieldErrors) {
    const first = Object.values(errors)[0]?.[0] ?? 'Invalid request';
    super({ ...errors, message: first });
  }
}

export interface FieldRule {
  name: string;
  kind: 'string' | 'password' | 'boolean';
  required: boolean;
  /** Said when the field is missing, too short or does not match the pattern (the spec's text). */
  message?: string;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
}

/** The rules of one body, checked in order; the first failing field leads the answer. */
export interface BodyRules {
  fields: FieldRule[];
  /** Checks between fields, run only when every field passed (djoser's validate()). */
  across?: (body: Record<string, unknown>) => FieldErrors | null;
  /**
   * A null optional field is refused (DRF's "may not be null") instead of read as absent: for
   * partial updates, where null would otherwise look like "leave it" to one client and "clear
   * it" to another.
   */
  refuseNull?: boolean;
}

const REQUIRED = 'This field is required.';

function checkField(rule: FieldRule, raw: unknown): [unknown, string | null] {
  if (raw === undefined || raw === null) return [raw, rule.required ? (rule.message ?? REQUIRED) : null];
  if (rule.kind === 'boolean') return typeof raw === 'boolean' ? [raw, null] : [raw, 'Must be a valid boolean.'];
  if (typeof raw !== 'string') return [raw, 'Not a valid string.'];
  // Like DRF's CharField, surrounding spaces are dropped, except in passwords.
  const value = rule.kind === 'string' ? raw.trim() : raw;
  if (rule.maxLength !== undefined && value.length > rule.maxLength) {
    return [value, `Ensure this field has no more than ${rule.maxLength} characters.`];
  }
  if (value.length === 0 && rule.required) return [value, rule.message ?? 'This field may not be blank.'];
  const tooShort = rule.minLength !== undefined && value.length < rule.minLength;
  const mismatched = rule.pattern !== undefined && value.length > 0 && !rule.pattern.test(value);
  if (tooShort || mismatched) return [value, rule.message ?? 'Invalid value.'];
  return [value, null];
}

/** Validates an auth body against its rules: unknown fields are refused, never ignored. */
@Injectable()
export class AuthBodyPipe implements PipeTransform<unknown, Record<string, unknown>> {
  constructor(private readonly rules: BodyRules) {}

  transform(body: unknown): Record<string, unknown> {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      const got = Array.isArray(body) ? 'list' : body === null || body === undefined ? 'nothing' : typeof body;
      throw new FieldErrorsException({ non_field_errors: [`Invalid data. Expected a dictionary, but got ${got}.`] });
    }
    const input = body as Record<string, unknown>;
    const known = new Set(this.rules.fields.map((rule) => rule.name));
    const unknown = Object.keys(input).filter((key) => !known.has(key));
    if (unknown.length > 0) {
      // Refused rather than dropped: a client trying to set is_staff or id must hear no.
      const errors: FieldErrors = {};
      for (const key of unknown) errors[key.slice(0, 64)] = ['This field is not allowed.'];
      throw new BadRequestException({ ...errors, message: `Unknown field: ${unknown[0].slice(0, 64)}` });
    }
    const output: Record<string, unknown> = {};
    const errors: FieldErrors = {};
    for (const rule of this.rules.fields) {
      if (this.rules.refuseNull && input[rule.name] === null) {
        errors[rule.name] = ['This field may not be null.'];
        continue;
      }
      const [value, problem] = checkField(rule, input[rule.name]);
      if (problem) errors[rule.name] = [problem];
      else if (value !== undefined && value !== null) output[rule.name] = value;
    }
    if (Object.keys(errors).length > 0) throw new FieldErrorsException(errors);
    const across = this.rules.across?.(output);
    if (across) throw new FieldErrorsException(across);
    return output;
  }
}

const RequestBody = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<{ body?: unknown }>().body,
);

/**
 * The request body checked by `rules`. A custom decorator on purpose: the global
 * ValidationPipe skips it, so auth answers keep djoser's field-error shape.
 */
export const AuthBody = (rules: BodyRules) => RequestBody(new AuthBodyPipe(rules));
