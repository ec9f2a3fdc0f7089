import { Module } from '@nestjs/common';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { RunnerProfilesModule } from '../runner-profiles/runner-profiles.module.js';
import { FundraisingChallengesController } from './fundraising-challenges.controller.js';
import { FundraisingChallengesService } from './fundraising-challenges.service.js';

@Module({
  imports: [RunnerProfilesModule, ProfileCacheModule],
  controllers: [FundraisingChallengesController],
  providers: [FundraisingChallengesService],
})
export class FundraisingChallengesModule {}
