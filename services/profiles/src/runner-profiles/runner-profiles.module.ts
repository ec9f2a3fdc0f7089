import { Module } from '@nestjs/common';
import { RaceEventsModule } from '../race-events/race-events.module.js';
import { RepositoriesModule } from '../database/repositories.module.js';
import { TotalsQueueModule } from '../fundraising-totals/totals-queue.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { CharityDirectoryClient } from './charity-directory.client.js';
import { RunnerProfilesController } from './runner-profiles.controller.js';
import { RunnerProfilesService } from './runner-profiles.service.js';

/** A page and its challenges, the aggregate every other feature of profiles builds on. */
@Module({
  imports: [RepositoriesModule, ProfileCacheModule, TotalsQueueModule, RaceEventsModule],
  controllers: [RunnerProfilesController],
  providers: [RunnerProfilesService, CharityDirectoryClient],
})
export class RunnerProfilesModule {}
