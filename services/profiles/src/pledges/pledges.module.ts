import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { FitnessDistanceClient } from './fitness-distance.client.js';
import { PledgeJobsQueue } from './pledge-jobs.queue.js';
import { PledgesController } from './pledges.controller.js';
import { PledgesService } from './pledges.service.js';

/** Pledges per mile: the requests (the worker side is PledgesWorkerModule). */
@Module({
  imports: [RepositoriesModule],
  controllers: [PledgesController],
  providers: [PledgesService, FitnessDistanceClient, PledgeJobsQueue],
})
export class PledgesModule {}
