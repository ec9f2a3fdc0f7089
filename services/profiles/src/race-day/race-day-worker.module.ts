import { Module } from '@nestjs/common';
import { Mailer } from '@runpledge/server-kit';
import { RepositoriesModule } from '../database/repositories.module.js';
import { OptOutMailer } from '../mail-suppression/opt-out-mailer.js';
import { RaceDayJobsQueue } from './race-day-jobs.queue.js';
import { RaceDayMailService } from './race-day-mail.service.js';
import { RaceDayProcessors } from './race-day.processors.js';

/** The worker side of race day: its mails and the race-morning sweep. */
@Module({
  imports: [RepositoriesModule],
  providers: [Mailer, OptOutMailer, RaceDayJobsQueue, RaceDayMailService, RaceDayProcessors],
})
export class RaceDayWorkerModule {}
