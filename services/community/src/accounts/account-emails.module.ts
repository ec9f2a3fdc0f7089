import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { AccountEmailsService } from './account-emails.service.js';

/** Owners' e-mail addresses, copied from identity's events. */
@Module({
  imports: [RepositoriesModule],
  providers: [AccountEmailsService],
})
export class AccountEmailsModule {}
