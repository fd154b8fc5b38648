import { Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { AuthBody } from './auth-body.js';
import { AuthService } from './auth.service.js';
import type { TokenPair } from './jwt-tokens.service.js';
import {
  DetailDto,
  LOGIN_RULES,
  LoginDto,
  OTP_LOGIN_RULES,
  OtpChallengeDto,
  OtpLoginDto,
  REFRESH_RULES,
  RefreshDto,
  TokenErrorDto,
  TokenPairDto,
  VERIFY_RULES,
  VerifyDto,
} from './jwt.dto.js';
import { TotpService, type OtpChallenge } from './totp.service.js';

type Body = Record<string, unknown>;

/** SimpleJWT's `auth/jwt/` endpoints, plus the guest link (DESIGN.md §2.11). */
@ApiTags('auth')
@Controller('auth/jwt')
export class AuthJwtController {
  constructor(
    private readonly auth: AuthService,
    private readonly totp: TotpService,
  ) {}

  @Post('create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Log in with e-mail and password' })
  @ApiBody({ type: LoginDto })
  @ApiExtraModels(TokenPairDto, OtpChallengeDto)
  @ApiResponse({
    status: 200,
    description: 'The tokens; or, when the account has two-factor sign-in on, the ticket to auth/jwt/otp/',
    schema: { oneOf: [{ $ref: getSchemaPath(TokenPairDto) }, { $ref: getSchemaPath(OtpChallengeDto) }] },
  })
  @ApiResponse({ status: 401, type: DetailDto, description: 'Wrong password, unknown or inactive account alike' })
  @ApiResponse({
    status: 429,
    description:
      'Too many failed logins for this account from this address, from this address, or (a delay) for this account; Retry-After says when',
  })
  @ApiResponse({ status: 503, description: 'The rate limiter store (Redis) is down: {"message"}; Retry-After' })
  create(@AuthBody(LOGIN_RULES) body: Body, @Ip() ip: string): Promise<TokenPair | OtpChallenge> {
    return this.auth.login(body.email as string, body.password as string, ip);
  }

  @Post('otp')
  @HttpCode(200)
  @ApiOperation({ summary: 'Second step of a login with two-factor sign-in: the code (or a recovery code)' })
  @ApiBody({ type: OtpLoginDto })
  @ApiResponse({ status: 200, type: TokenPairDto })
  @ApiResponse({
    status: 401,
    description: 'Wrong or reused code {"detail", "code": "otp_wrong"}; expired or bad otp_token (token_not_valid)',
  })
  @ApiResponse({ status: 429, description: 'Too many wrong codes for this account; Retry-After says when' })
  @ApiResponse({ status: 503, description: 'The rate limiter store (Redis) is down' })
  otp(@AuthBody(OTP_LOGIN_RULES) body: Body): Promise<TokenPair> {
    return this.totp.completeLogin(body.otp_token as string, body.code as string);
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Trade a refresh token for a new pair (rotation; reuse revokes the login)' })
  @ApiBody({ type: RefreshDto })
  @ApiResponse({ status: 200, type: TokenPairDto })
  @ApiResponse({ status: 401, type: TokenErrorDto })
  refresh(@AuthBody(REFRESH_RULES) body: Body): Promise<TokenPair> {
    return this.auth.refresh(body.refresh as string);
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a token' })
  @ApiBody({ type: VerifyDto })
  @ApiResponse({ status: 200, description: '{}' })
  @ApiResponse({ status: 401, type: TokenErrorDto })
  async verify(@AuthBody(VERIFY_RULES) body: Body): Promise<Record<string, never>> {
    await this.auth.verify(body.token as string);
    return {};
  }

  @Post('guest')
  @HttpCode(200)
  @ApiOperation({ summary: 'Tokens for the built-in guest account (the ?auth=1 link), when enabled' })
  @ApiResponse({ status: 200, type: TokenPairDto })
  @ApiResponse({ status: 404, description: 'Guest access is disabled' })
  @ApiResponse({
    status: 429,
    description: 'Too many guest sign-ins from this address (GUEST_ADDRESS_MAX_LOGINS a window); Retry-After says when',
  })
  @ApiResponse({ status: 503, description: 'The rate limiter store (Redis) is down: {"message"}; Retry-After' })
  guest(@Ip() ip: string): Promise<TokenPair> {
    return this.auth.guest(ip);
  }
}
