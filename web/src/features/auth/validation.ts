/** Sign-in screen rules and messages (spec admin §5), checked in the spec's order. */
export const MESSAGES = {
  required: 'Please, fill required fields',
  passwordShort: 'Please provide password at least 8 symbols',
  email: 'Please, Enter Valid Email',
  phone: 'Please, enter valid mobile number with country code',
  mismatch: 'Passwords do not match',
  resetShort: 'Please, provide password at least 8 symbols',
  currentPassword: 'Please, enter your current password',
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A plus sign followed by 6 to 13 digits. */
export const PHONE_PATTERN = /^\+\d{6,13}$/;

/**
 * A number as people write it ("+41 79 123 45 67", "+1 (555) 010-9999") as the api wants it:
 * spaces, dots, dashes and brackets dropped.
 */
export function normalizePhone(phone: string): string {
  return phone.replace(/[\s().-]/g, '');
}
export const PASSWORD_MIN = 8;
export const NAME_MIN = 2;

export type RegisterForm = {
  first_name: string;
  last_name: string;
  email: string;
  mobile_number: string;
  password: string;
  re_password: string;
};

/** The first failing registration check, or null: names, password length, e-mail, phone, match. */
export function validateRegister(f: RegisterForm): string | null {
  if (f.first_name.trim().length < NAME_MIN || f.last_name.trim().length < NAME_MIN) return MESSAGES.required;
  if (f.password.length < PASSWORD_MIN) return MESSAGES.passwordShort;
  if (!EMAIL_PATTERN.test(f.email.trim())) return MESSAGES.email;
  if (!PHONE_PATTERN.test(normalizePhone(f.mobile_number))) return MESSAGES.phone;
  if (f.password !== f.re_password) return MESSAGES.mismatch;
  return null;
}

export function validateEmail(email: string): string | null {
  return EMAIL_PATTERN.test(email.trim()) ? null : MESSAGES.email;
}

/**
 * Reset confirm: a short password shows its message but the request still goes when both
 * fields are equal; a mismatch stops it.
 */
export function validateResetConfirm(password: string, confirm: string): { message: string | null; send: boolean } {
  if (password !== confirm) return { message: MESSAGES.mismatch, send: false };
  if (password.length < PASSWORD_MIN) return { message: MESSAGES.resetShort, send: true };
  return { message: null, send: true };
}

export type DetailsForm = { first_name: string; last_name: string; mobile_number: string };
export type FieldErrors = Partial<Record<string, string>>;

/** The account page's details: registration's name and phone rules, each field's own message. */
export function validateDetails(f: DetailsForm): FieldErrors {
  const errors: FieldErrors = {};
  if (f.first_name.trim().length < NAME_MIN) errors.first_name = MESSAGES.required;
  if (f.last_name.trim().length < NAME_MIN) errors.last_name = MESSAGES.required;
  if (!PHONE_PATTERN.test(normalizePhone(f.mobile_number))) errors.mobile_number = MESSAGES.phone;
  return errors;
}

export type PasswordChangeForm = { current_password: string; new_password: string; re_new_password: string };

/** Change password: the current one given, registration's length rule, and the two equal. */
export function validatePasswordChange(f: PasswordChangeForm): FieldErrors {
  const errors: FieldErrors = {};
  if (!f.current_password) errors.current_password = MESSAGES.currentPassword;
  if (f.new_password.length < PASSWORD_MIN) errors.new_password = MESSAGES.passwordShort;
  else if (f.new_password !== f.re_new_password) errors.re_new_password = MESSAGES.mismatch;
  return errors;
}

/**
 * djoser's field errors ({"mobile_number": ["..."], "non_field_errors": ["..."]}) as one message
 * per field, a field's several messages in one line ("This password is too common. This password
 * is entirely numeric."); the api's top-level "message" repeats the first and is left out.
 */
export function serverFieldErrors(body: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!body || typeof body !== 'object') return errors;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'message' || key === 'detail') continue;
    const text = fieldText(value);
    if (text) errors[key] = text;
  }
  return errors;
}

/** A field's messages as one line, or null when it has none. */
function fieldText(value: unknown): string | null {
  if (typeof value === 'string') return value || null;
  if (!Array.isArray(value)) return null;
  return value.map(fieldText).filter(Boolean).join(' ') || null;
}

function fieldOf(body: unknown, field: string): string | null {
  return body && typeof body === 'object' ? fieldText((body as Record<string, unknown>)[field]) : null;
}

/** Registration failure: the server's e-mail error first, else its password error, else its message. */
export function registrationError(body: unknown, fallback: string): string {
  return (
    fieldOf(body, 'email') ??
    fieldOf(body, 'password') ??
    fieldOf(body, 'mobile_number') ??
    fieldOf(body, 're_password') ??
    fallback
  );
}

/** Reset confirm failure: every problem of the new password, else the server's message (a dead link). */
export function resetConfirmError(body: unknown, fallback: string): string {
  return fieldOf(body, 'new_password') ?? fallback;
}

/** True when the service refused the sign-up because the e-mail has an account already. */
export function isEmailTaken(body: unknown): boolean {
  return /already exists/i.test(fieldOf(body, 'email') ?? '');
}
