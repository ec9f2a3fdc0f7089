import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { RepositoriesModule } from '../database/repositories.module.js';
import { AccountController } from './account.controller.js';
import { AccountService } from './account.service.js';

/** Deleting an account and exporting what identity holds about it. */
@Module({
  imports: [RepositoriesModule, AuthModule, SessionsModule],
  controllers: [AccountController],
  providers: [AccountService],
})
export class AccountModule {}
