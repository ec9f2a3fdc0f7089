import { Module } from '@nestjs/common';
import { Mailer } from '@runpledge/server-kit';
import { RepositoriesModule } from '../database/repositories.module.js';
import { CommunityMailer } from './community-mailer.js';

/** Community's mails, sent past its copy of the suppression list. */
@Module({
  imports: [RepositoriesModule],
  providers: [Mailer, CommunityMailer],
  exports: [CommunityMailer],
})
export class MailModule {}
