import { ApiProperty } from '@nestjs/swagger';
import type { BodyRules } from './auth-body.js';

export class LoginDto {
  @ApiProperty({ example: 'ada@example.com' })
  email: string;

  @ApiProperty({ format: 'password' })
  password: string;
}

export const LOGIN_RULES: BodyRules = {
  fields: [
    { name: 'email', kind: 'string', required: true, maxLength: 254 },
    { name: 'password', kind: 'password', required: true, maxLength: 128 },
  ],
};

export class RefreshDto {
  @ApiProperty({ description: 'A refresh token; it is spent by this call (rotation).' })
  refresh: string;
}

export const REFRESH_RULES: BodyRules = {
  fields: [{ name: 'refresh', kind: 'password', required: true, maxLength: 4096 }],
};

export class VerifyDto {
  @ApiProperty({ description: 'An access or refresh token.' })
  token: string;
}

export const VERIFY_RULES: BodyRules = {
  fields: [{ name: 'token', kind: 'password', required: true, maxLength: 4096 }],
};

export class TokenPairDto {
  @ApiProperty({ description: 'Access token (HS256, 5 minutes); send as `Authorization: JWT <access>`.' })
  access: string;

  @ApiProperty({ description: 'Refresh token (1 day), single use: auth/jwt/refresh answers a new pair.' })
  refresh: string;
}

export class TokenErrorDto {
  @ApiProperty({ example: 'Token is invalid or expired' })
  detail: string;

  @ApiProperty({ example: 'token_not_valid' })
  code: string;
}

export class DetailDto {
  @ApiProperty({ example: 'No active account found with the given credentials' })
  detail: string;
}

export class OtpChallengeDto {
  @ApiProperty({ example: true, description: 'The password is right; the account asks for its code next.' })
  otp_required: true;

  @ApiProperty({ description: 'Ticket to POST auth/jwt/otp/ with the code (HS256, 5 minutes).' })
  otp_token: string;
}

export class OtpLoginDto {
  @ApiProperty({ description: 'otp_token from auth/jwt/create' })
  otp_token: string;

  @ApiProperty({ example: '123456', description: 'The 6-digit code of the authenticator app, or a recovery code' })
  code: string;
}

export const OTP_LOGIN_RULES: BodyRules = {
  fields: [
    { name: 'otp_token', kind: 'password', required: true, maxLength: 4096 },
    { name: 'code', kind: 'string', required: true, maxLength: 32 },
  ],
};

export class OtpCodeDto {
  @ApiProperty({
    example: '123456',
    description: 'The 6-digit code of the authenticator app (or, to turn it off, a recovery code)',
  })
  code: string;
}

export const OTP_CODE_RULES: BodyRules = {
  fields: [{ name: 'code', kind: 'string', required: true, maxLength: 32 }],
};

export class RecoveryCodesProofDto {
  @ApiProperty({
    required: false,
    example: '123456',
    description: 'A current 6-digit code of the app (or give password)',
  })
  code?: string;

  @ApiProperty({ required: false, format: 'password', description: "The account's password (or give code)" })
  password?: string;
}

export const RECOVERY_PROOF_RULES: BodyRules = {
  fields: [
    { name: 'code', kind: 'string', required: false, maxLength: 32 },
    { name: 'password', kind: 'password', required: false, maxLength: 128 },
  ],
  across: (body) =>
    (body.code === undefined) === (body.password === undefined)
      ? { non_field_errors: ['Give either a current code of the app or your password'] }
      : null,
};

export class TotpSetupDto {
  @ApiProperty({ description: 'Base32 secret, for typing into the app by hand; shown only now' })
  secret: string;

  @ApiProperty({ example: 'otpauth://totp/CUVIEW%20TV:ada%40example.com?secret=...&issuer=CUVIEW%20TV' })
  otpauth_url: string;
}

export class TotpRecoveryCodesDto {
  @ApiProperty({ type: [String], description: 'Ten single-use recovery codes; shown only now' })
  recovery_codes: string[];
}

export class TotpStatusDto {
  @ApiProperty()
  enabled: boolean;

  @ApiProperty({ description: 'Staff accounts must have it on (STAFF_TOTP_REQUIRED)' })
  required: boolean;

  @ApiProperty()
  recovery_codes_left: number;
}
