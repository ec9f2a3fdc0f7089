import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { FundraisingChallengesController } from './fundraising-challenges.controller.js';
import { FundraisingChallengesService } from './fundraising-challenges.service.js';

@Module({
  imports: [RepositoriesModule, ProfileCacheModule],
  controllers: [FundraisingChallengesController],
  providers: [FundraisingChallengesService],
})
export class FundraisingChallengesModule {}
