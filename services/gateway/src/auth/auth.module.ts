import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccountController } from '../account/account.controller.js';
import { AuthController } from './auth.controller.js';
import { RateLimitService } from './rate-limit.service.js';
import { SessionGuard } from './session.guard.js';

@Module({
  controllers: [AuthController, AccountController],
  providers: [RateLimitService, { provide: APP_GUARD, useClass: SessionGuard }],
  exports: [RateLimitService],
})
export class AuthModule {}
