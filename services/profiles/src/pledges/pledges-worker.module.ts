import { Module } from '@nestjs/common';
import { Mailer } from '@runpledge/server-kit';
import { RepositoriesModule } from '../database/repositories.module.js';
import { OptOutMailer } from '../mail-suppression/opt-out-mailer.js';
import { FitnessDistanceClient } from './fitness-distance.client.js';
import { PledgeJobsQueue } from './pledge-jobs.queue.js';
import { PledgeMailService } from './pledge-mail.service.js';
import { PledgesDueService } from './pledges-due.service.js';
import { PledgesProcessors } from './pledges.processors.js';
import { RunLedgerSeeder } from './run-ledger.seeder.js';

/** The worker side of pledges per mile: falling due, reminders, lapses, mails, the run ledger's seed. */
@Module({
  imports: [RepositoriesModule],
  providers: [
    Mailer,
    OptOutMailer,
    FitnessDistanceClient,
    PledgeJobsQueue,
    PledgeMailService,
    PledgesDueService,
    PledgesProcessors,
    RunLedgerSeeder,
  ],
})
export class PledgesWorkerModule {}
