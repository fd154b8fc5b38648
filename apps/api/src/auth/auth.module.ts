import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { AppConfig } from '@app/config';
import { MailModule } from '../mail/mail.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountTokens } from './account-tokens.js';
import { AuthJwtController } from './auth-jwt.controller.js';
import { AuthUsersController } from './auth-users.controller.js';
import { AuthService } from './auth.service.js';
import { JwtTokensService } from './jwt-tokens.service.js';
import { PasswordHasher } from '@app/common';
import { RateLimiter } from './rate-limiter.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { TotpController } from './totp.controller.js';
import { TotpRepository } from './totp.repository.js';
import { TotpSecrets } from './totp-secrets.js';
import { TotpService } from './totp.service.js';
import { jwtKey } from './jwt-key.js';
import { MeService } from './me.service.js';

/** The authentication endpoints (djoser + SimpleJWT behaviour, DESIGN.md §7). */
@Module({
  imports: [
    UsersModule,
    MailModule,
    JwtModule.registerAsync({
      inject: [AppConfig],
      useFactory: (config: AppConfig) => ({
        secret: jwtKey(config.JWT_SECRET),
        // Pinned: a token naming any other algorithm (none, RS256 with the secret as a key) is refused.
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthUsersController, AuthJwtController, TotpController],
  providers: [
    AuthService,
    MeService,
    PasswordHasher,
    AccountTokens,
    JwtTokensService,
    RateLimiter,
    RefreshTokensRepository,
    TotpService,
    TotpRepository,
    TotpSecrets,
  ],
  exports: [PasswordHasher, UsersModule],
})
export class AuthModule {}
