import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { User } from '@app/db';
import { AuthBody } from './auth-body.js';
import { CurrentUser, JwtAuthGuard } from './guards.js';
import {
  OTP_CODE_RULES,
  OtpCodeDto,
  RECOVERY_PROOF_RULES,
  RecoveryCodesProofDto,
  TotpRecoveryCodesDto,
  TotpSetupDto,
  TotpStatusDto,
} from './jwt.dto.js';
import { TotpService } from './totp.service.js';

/** The signed-in account's two-factor sign-in: set up, confirm with a first code, turn off. */
@ApiTags('auth')
@ApiBearerAuth()
@UseGuards(JwtAuthGuard)
@Controller('auth/totp')
export class TotpController {
  constructor(private readonly totp: TotpService) {}

  @Get()
  @ApiOperation({ summary: 'Whether two-factor sign-in is on, required, and how many recovery codes are left' })
  @ApiResponse({ status: 200, type: TotpStatusDto })
  status(@CurrentUser() user: User): Promise<TotpStatusDto> {
    return this.totp.status(user);
  }

  @Post('setup')
  @HttpCode(200)
  @ApiOperation({ summary: 'A new secret and its otpauth:// address for the QR code (not in force until confirmed)' })
  @ApiResponse({ status: 200, type: TotpSetupDto })
  @ApiResponse({ status: 409, description: 'Already on' })
  setup(@CurrentUser() user: User): Promise<TotpSetupDto> {
    return this.totp.setup(user);
  }

  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({ summary: 'The first code from the app turns it on; answers ten recovery codes, once' })
  @ApiBody({ type: OtpCodeDto })
  @ApiResponse({ status: 200, type: TotpRecoveryCodesDto })
  @ApiResponse({ status: 400, description: 'Wrong code {"message", "code": "otp_wrong"}, or no code' })
  @ApiResponse({ status: 404, description: 'No setup started' })
  @ApiResponse({ status: 409, description: 'Already on, or the setup was restarted meanwhile' })
  @ApiResponse({ status: 429, description: 'Too many wrong codes; Retry-After says when' })
  confirm(
    @CurrentUser() user: User,
    @AuthBody(OTP_CODE_RULES) body: Record<string, unknown>,
  ): Promise<TotpRecoveryCodesDto> {
    return this.totp.confirm(user, body.code as string);
  }

  @Post('recovery-codes')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Ten new recovery codes, shown once; the old ones stop working at once. Takes a current code of the app or the password',
  })
  @ApiBody({ type: RecoveryCodesProofDto })
  @ApiResponse({ status: 200, type: TotpRecoveryCodesDto })
  @ApiResponse({ status: 400, description: 'Neither or both proofs, or a wrong one ({"message", "code"})' })
  @ApiResponse({ status: 404, description: 'Two-factor sign-in is off' })
  @ApiResponse({ status: 429, description: 'Too many wrong codes or passwords; Retry-After says when' })
  regenerate(
    @CurrentUser() user: User,
    @AuthBody(RECOVERY_PROOF_RULES) body: Record<string, unknown>,
  ): Promise<TotpRecoveryCodesDto> {
    return this.totp.regenerateRecoveryCodes(user, body as { code?: string; password?: string });
  }

  @Post('disable')
  @HttpCode(204)
  @ApiOperation({ summary: 'Turn it off with a current code or a recovery code' })
  @ApiBody({ type: OtpCodeDto })
  @ApiResponse({ status: 204 })
  @ApiResponse({ status: 400, description: 'Wrong code {"message", "code": "otp_wrong"}, or no code' })
  @ApiResponse({ status: 403, description: 'Staff must keep it on (STAFF_TOTP_REQUIRED)' })
  @ApiResponse({ status: 429, description: 'Too many wrong codes' })
  async disable(@CurrentUser() user: User, @AuthBody(OTP_CODE_RULES) body: Record<string, unknown>): Promise<void> {
    await this.totp.disable(user, body.code as string);
  }
}
