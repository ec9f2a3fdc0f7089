import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { Mailer } from '@runpledge/server-kit';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { ChallengeClaimsController } from './challenge-claims.controller.js';
import { ChallengeClaimsService } from './challenge-claims.service.js';

@Module({
  imports: [RepositoriesModule, ProfileCacheModule],
  controllers: [ChallengeClaimsController],
  providers: [ChallengeClaimsService, Mailer],
})
export class ChallengeClaimsModule {}
