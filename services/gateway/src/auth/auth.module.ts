import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { AccessTokenGuard } from './access-token.guard.js';
import { AccessTokenStrategy } from './access-token.strategy.js';
import { AccountController } from '../account/account.controller.js';
import { AuthController } from './auth.controller.js';
import { RateLimitService } from './rate-limit.service.js';
import { RevokedSessions } from './revoked-sessions.js';

@Module({
  imports: [PassportModule],
  controllers: [AuthController, AccountController],
  providers: [
    RateLimitService,
    RevokedSessions,
    AccessTokenStrategy,
    { provide: APP_GUARD, useClass: AccessTokenGuard },
  ],
  exports: [RateLimitService, RevokedSessions],
})
export class AuthModule {}
