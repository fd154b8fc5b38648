import { Controller, Delete, Get, HttpCode, Ip, Patch, Post, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { User } from '@app/db';
import { CurrentUserDto, UserDto } from '../users/user.dto.js';
import {
  ACTIVATION_RULES,
  ActivationDto,
  RESET_CONFIRM_RULES,
  RESET_REQUEST_RULES,
  ResetConfirmDto,
  ResetRequestDto,
} from './account.dto.js';
import { AuthBody } from './auth-body.js';
import { AuthService, type RegisterInput, type ResetConfirmInput } from './auth.service.js';
import { CurrentUser, JwtAuthGuard } from './guards.js';
import {
  DELETE_ME_RULES,
  DeleteMeDto,
  SET_PASSWORD_RULES,
  SetPasswordDto,
  UPDATE_ME_RULES,
  UpdateMeDto,
} from './me.dto.js';
import { MeService, type SetPasswordInput, type UpdateMeInput } from './me.service.js';
import { REGISTER_RULES, RegisterDto } from './register.dto.js';
import { TotpService } from './totp.service.js';

type Body = Record<string, unknown>;

/** djoser's `auth/users/` endpoints. */
@ApiTags('auth')
@Controller('auth/users')
export class AuthUsersController {
  constructor(
    private readonly auth: AuthService,
    private readonly totp: TotpService,
    private readonly account: MeService,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Register; sends an activation e-mail with /activate/{uid}/{token}' })
  @ApiBody({ type: RegisterDto })
  @ApiResponse({ status: 201, type: UserDto })
  @ApiResponse({ status: 400, description: 'Field errors, e.g. {"email": ["..."], "message": "..."}' })
  @ApiResponse({ status: 429, description: 'Too many registrations from this address' })
  register(@AuthBody(REGISTER_RULES) body: Body, @Ip() ip: string): Promise<UserDto> {
    return this.auth.register(body as unknown as RegisterInput, ip);
  }

  @Post('activation')
  @HttpCode(204)
  @ApiOperation({ summary: 'Activate an account from its e-mailed link' })
  @ApiBody({ type: ActivationDto })
  @ApiResponse({ status: 204, description: 'Activated' })
  @ApiResponse({ status: 400, description: 'Invalid uid or token' })
  @ApiResponse({ status: 403, description: 'Stale token (already activated)' })
  async activation(@AuthBody(ACTIVATION_RULES) body: Body): Promise<void> {
    await this.auth.activate(body.uid as string, body.token as string);
  }

  @Post('resend_activation')
  @HttpCode(204)
  @ApiOperation({ summary: 'Send the activation e-mail again (always 204)' })
  @ApiBody({ type: ResetRequestDto })
  @ApiResponse({ status: 204 })
  @ApiResponse({ status: 429, description: 'Too many requests for this e-mail or address' })
  async resendActivation(@AuthBody(RESET_REQUEST_RULES) body: Body, @Ip() ip: string): Promise<void> {
    await this.auth.resendActivation(body.email as string, ip);
  }

  @Get('me')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in user' })
  @ApiResponse({ status: 200, type: CurrentUserDto })
  @ApiResponse({ status: 401, description: 'No or invalid access token' })
  me(@CurrentUser() user: User): CurrentUserDto {
    return CurrentUserDto.from(user, this.totp.isRequired(user));
  }

  @Patch('me')
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: "Change the signed-in user's names, phone or promotional e-mails (not the e-mail)" })
  @ApiBody({ type: UpdateMeDto })
  @ApiResponse({ status: 200, type: CurrentUserDto })
  @ApiResponse({ status: 400, description: 'Field errors, e.g. {"mobile_number": ["..."], "message": "..."}' })
  @ApiResponse({ status: 401, description: 'No or invalid access token' })
  @ApiResponse({ status: 403, description: 'The guest account' })
  updateMe(@CurrentUser() user: User, @AuthBody(UPDATE_ME_RULES) body: Body): Promise<CurrentUserDto> {
    return this.account.update(user, body as UpdateMeInput);
  }

  @Delete('me')
  @HttpCode(204)
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Delete the signed-in account with its playlists and watch positions' })
  @ApiBody({ type: DeleteMeDto })
  @ApiResponse({ status: 204, description: 'Deleted' })
  @ApiResponse({ status: 400, description: 'Wrong password {"current_password": ["Invalid password."]}' })
  @ApiResponse({ status: 401, description: 'No or invalid access token' })
  @ApiResponse({ status: 403, description: 'The guest account, or a staff account' })
  @ApiResponse({ status: 429, description: 'Too many wrong passwords; Retry-After says when' })
  async deleteMe(@CurrentUser() user: User, @AuthBody(DELETE_ME_RULES) body: Body, @Ip() ip: string): Promise<void> {
    await this.account.delete(user, body.current_password as string, ip);
  }

  @Post('set_password')
  @HttpCode(204)
  @UseGuards(JwtAuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change the password; every token issued before stops working (other devices sign out)' })
  @ApiBody({ type: SetPasswordDto })
  @ApiResponse({ status: 204, description: 'Changed' })
  @ApiResponse({ status: 400, description: 'Wrong current password, or the new password breaks a rule' })
  @ApiResponse({ status: 401, description: 'No or invalid access token' })
  @ApiResponse({ status: 403, description: 'The guest account' })
  @ApiResponse({ status: 429, description: 'Too many wrong passwords; Retry-After says when' })
  async setPassword(
    @CurrentUser() user: User,
    @AuthBody(SET_PASSWORD_RULES) body: Body,
    @Ip() ip: string,
  ): Promise<void> {
    await this.account.setPassword(user, body as unknown as SetPasswordInput, ip);
  }

  @Post('reset_password')
  @HttpCode(204)
  @ApiOperation({ summary: 'E-mail a password reset link (always 204: no account enumeration)' })
  @ApiBody({ type: ResetRequestDto })
  @ApiResponse({ status: 204 })
  @ApiResponse({ status: 429, description: 'Too many requests for this e-mail or address' })
  async resetPassword(@AuthBody(RESET_REQUEST_RULES) body: Body, @Ip() ip: string): Promise<void> {
    await this.auth.requestPasswordReset(body.email as string, ip);
  }

  @Post('reset_password_confirm')
  @HttpCode(204)
  @ApiOperation({ summary: 'Set a new password with the e-mailed uid and token (single use, 3 days)' })
  @ApiBody({ type: ResetConfirmDto })
  @ApiResponse({ status: 204 })
  @ApiResponse({ status: 400, description: 'Invalid uid or token, or password rules' })
  async resetPasswordConfirm(@AuthBody(RESET_CONFIRM_RULES) body: Body): Promise<void> {
    await this.auth.confirmPasswordReset(body as unknown as ResetConfirmInput);
  }
}
