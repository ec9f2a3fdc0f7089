import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MilestonesRepository } from '../fundraising-totals/milestones.repository.js';
import { TotalsQueueModule } from '../fundraising-totals/totals-queue.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { FundraisingChallengeEntity } from './fundraising-challenge.entity.js';
import { FundraisingChallengesRepository } from './fundraising-challenges.repository.js';
import { RunnerProfileEntity } from './runner-profile.entity.js';
import { RunnerProfilesController } from './runner-profiles.controller.js';
import { RunnerProfilesRepository } from './runner-profiles.repository.js';
import { RunnerProfilesService } from './runner-profiles.service.js';

/** A page and its challenges, the aggregate every other feature of profiles builds on. */
@Module({
  imports: [
    TypeOrmModule.forFeature([RunnerProfileEntity, FundraisingChallengeEntity]),
    ProfileCacheModule,
    TotalsQueueModule,
  ],
  controllers: [RunnerProfilesController],
  providers: [RunnerProfilesRepository, FundraisingChallengesRepository, MilestonesRepository, RunnerProfilesService],
  exports: [RunnerProfilesRepository, FundraisingChallengesRepository],
})
export class RunnerProfilesModule {}
