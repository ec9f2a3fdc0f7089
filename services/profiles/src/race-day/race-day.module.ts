import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { PledgesModule } from '../pledges/pledges.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { RaceDayJobsQueue } from './race-day-jobs.queue.js';
import { RaceDayController } from './race-day.controller.js';
import { RaceDayService } from './race-day.service.js';

/** Race day: the requests and the finish from fitness's runs (the mails are RaceDayWorkerModule's). */
@Module({
  imports: [RepositoriesModule, PledgesModule, ProfileCacheModule],
  controllers: [RaceDayController],
  providers: [RaceDayService, RaceDayJobsQueue],
})
export class RaceDayModule {}
