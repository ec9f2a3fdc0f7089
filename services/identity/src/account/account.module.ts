import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';

/** Deleting an account and exporting what identity holds about it. */
@Module({
  imports: [AuthModule, UsersModule, SessionsModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
