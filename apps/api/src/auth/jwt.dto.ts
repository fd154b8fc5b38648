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
