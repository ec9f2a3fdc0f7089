import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { ChallengeClaimsController } from './challenge-claims.controller.js';
import { ChallengeClaimsService } from './challenge-claims.service.js';
import { ClaimDigestQueue } from './claim-digest.queue.js';

@Module({
  imports: [RepositoriesModule, ProfileCacheModule],
  controllers: [ChallengeClaimsController],
  providers: [ChallengeClaimsService, ClaimDigestQueue],
})
export class ChallengeClaimsModule {}
