import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { MailModule } from '../mail/mail.module.js';
import { TeamMailProcessor } from './team-mail.processor.js';
import { TeamMailService } from './team-mail.service.js';

/** The worker side of the captains' mails. */
@Module({
  imports: [RepositoriesModule, MailModule],
  providers: [TeamMailService, TeamMailProcessor],
})
export class TeamMailWorkerModule {}
