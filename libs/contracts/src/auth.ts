/**
 * Field rules of the authentication forms (spec admin-and-auth §5), shared by the api, which
 * enforces them, and the web app, which checks them before sending.
 */

/** An ordinary address: something@domain.tld, no spaces, at most one @. */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** A plus sign followed by 6 to 13 digits. */
export const PHONE_PATTERN = /^\+\d{6,13}$/;

export const AUTH_LIMITS = {
  nameMinLength: 2,
  nameMaxLength: 150,
  /** Combining marks allowed in a row in a name (PERSON_NAME_PATTERN). */
  nameMaxMarksInARow: 4,
  passwordMinLength: 8,
  /** Long enough for any passphrase, short enough that hashing it is never a denial of service. */
  passwordMaxLength: 128,
  emailMaxLength: 254,
} as const;

/**
 * A person's name (first or last), beyond its length: at least one letter, in any script; no
 * control or format characters (\p{Cc}, \p{Cf}: new lines, zero-width spaces, bidi overrides),
 * line or paragraph separators, private-use or lone surrogate code points; at most
 * `nameMaxMarksInARow` combining marks in a row (pointed Hebrew or decomposed Vietnamese
 * need up to three; a stack of a hundred is "Zalgo" text that overdraws the lines around it).
 * The one format character kept is the zero-width (non-)joiner between two letters, which
 * Persian and Indic names are spelt with (as IDNA's CONTEXTJ rule allows it).
 */
export const PERSON_NAME_PATTERN = new RegExp(
  String.raw`^(?=.*\p{L})(?!.*\p{M}{${AUTH_LIMITS.nameMaxMarksInARow + 1}})` +
    String.raw`(?:[^\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]|(?<=[\p{L}\p{M}])[\u200C\u200D](?=\p{L}))*$`,
  'su',
);

export const AUTH_MESSAGES = {
  names: 'Please, fill required fields',
  passwordLength: 'Please provide password at least 8 symbols',
  /** The reset-confirm screen words it with a comma (spec §5 "Reset confirm"). */
  newPasswordLength: 'Please, provide password at least 8 symbols',
  email: 'Please, Enter Valid Email',
  phone: 'Please, enter valid mobile number with country code',
  passwordMismatch: 'Passwords do not match',
  /** The strength rule of every new password (djoser's validators' words; apps/api/src/auth/README.md). */
  passwordTooSimilar: {
    email: 'The password is too similar to the email.',
    firstName: 'The password is too similar to the first name.',
    lastName: 'The password is too similar to the last name.',
  },
  passwordTooCommon: 'This password is too common.',
  passwordEntirelyNumeric: 'This password is entirely numeric.',
  passwordRepeatedCharacter: 'This password is a single character repeated.',
  /** set_password: the new password is the current one. */
  passwordUnchanged: 'The new password must be different from the current password.',
  emailTaken: 'user with this email already exists.',
  loginFailed: 'No active account found with the given credentials',
  tokenNotValid: 'Token is invalid or expired',
  /** Every signed-in call's 401 for a token that failed (SimpleJWT's words). */
  givenTokenNotValid: 'Given token not valid for any token type',
  tooManyAttempts: 'Too many attempts, try again later.',
  staleActivation: 'Stale token for given user.',
  invalidToken: 'Invalid token for given user.',
  invalidUid: "Invalid user id or user doesn't exist.",
  otpWrong: 'That code is not right. Check the time on your phone, or use a recovery code.',
  otpSetupRequired: 'Staff accounts need two-factor sign-in: please turn it on first.',
  /** set_password and account deletion: the current password is wrong (djoser's words). */
  invalidPassword: 'Invalid password.',
  guestAccountLocked: 'The guest account cannot be changed or deleted. Please sign up for an account of your own.',
  staffAccountDelete:
    'Staff accounts cannot be deleted from the account page. Ask another administrator to remove staff access first.',
} as const;

/** Answer codes of two-factor sign-in, read by the web app. */
export const OTP_CODES = {
  /** jwt/create: the password is right, now the code (`otp_token` carries the login on). */
  required: 'otp_required',
  /** jwt/otp or an enrolment call: the code is wrong (or already used). */
  wrong: 'otp_wrong',
  /** Admin calls: this staff account must turn two-factor sign-in on first (STAFF_TOTP_REQUIRED). */
  setupRequired: 'otp_setup_required',
} as const;

/** The SimpleJWT error code the web app reads to decide that a stored token is dead. */
export const TOKEN_NOT_VALID = 'token_not_valid';
