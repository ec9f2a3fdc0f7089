import { Module } from '@nestjs/common';
import { Mailer } from '@runpledge/server-kit';
import { RepositoriesModule } from '../database/repositories.module.js';
import { OptOutMailer } from '../mail-suppression/opt-out-mailer.js';
import { TeamMailProcessor } from './team-mail.processor.js';
import { TeamMailService } from './team-mail.service.js';

/** The worker side of the captains' mails. */
@Module({
  imports: [RepositoriesModule],
  providers: [Mailer, OptOutMailer, TeamMailService, TeamMailProcessor],
})
export class TeamMailWorkerModule {}
