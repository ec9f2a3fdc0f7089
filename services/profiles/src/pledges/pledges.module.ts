import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { PledgeJobsQueue } from './pledge-jobs.queue.js';
import { PledgesController } from './pledges.controller.js';
import { PledgesService } from './pledges.service.js';
import { RunLedgerConsumer } from './run-ledger.consumer.js';

/** Pledges per mile: the requests and the run ledger's events (the worker side is PledgesWorkerModule). */
@Module({
  imports: [RepositoriesModule],
  controllers: [PledgesController],
  providers: [PledgesService, PledgeJobsQueue, RunLedgerConsumer],
  exports: [PledgesService, RunLedgerConsumer],
})
export class PledgesModule {}
