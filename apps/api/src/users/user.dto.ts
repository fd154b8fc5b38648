import { ApiProperty } from '@nestjs/swagger';
import type { User } from '@app/db';

/** GET auth/users/me/ and the registration answer (djoser's user shape). */
export class UserDto {
  @ApiProperty({ example: 12 })
  id: number;

  @ApiProperty({ example: 'ada@example.com' })
  email: string;

  @ApiProperty({ example: 'Ada', description: 'Empty for the guest account, which may watch but not edit.' })
  first_name: string;

  @ApiProperty({ example: 'Lovelace' })
  last_name: string;

  @ApiProperty({ example: '+441234567890' })
  mobile_number: string;

  @ApiProperty({ description: 'Agreed to promotional e-mails.' })
  gives_permission: boolean;

  static from(user: User): UserDto {
    return {
      id: user.id,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      mobile_number: user.mobileNumber,
      gives_permission: user.givesPermission,
    };
  }
}

export class CurrentUserDto extends UserDto {
  @ApiProperty({ description: 'Staff see the admin area.' })
  is_staff: boolean;

  @ApiProperty({ description: 'Two-factor sign-in (TOTP) is on for this account.' })
  totp_enabled: boolean;

  @ApiProperty({ description: 'A staff account that must turn two-factor sign-in on before using the admin area.' })
  totp_setup_required: boolean;

  static override from(user: User, totpRequired = false): CurrentUserDto {
    return {
      ...UserDto.from(user),
      is_staff: user.isStaff,
      totp_enabled: Boolean(user.totpEnabledAt),
      totp_setup_required: totpRequired && !user.totpEnabledAt,
    };
  }
}
