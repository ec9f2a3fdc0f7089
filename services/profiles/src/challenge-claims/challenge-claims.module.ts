import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Mailer } from '@runpledge/server-kit';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { ChallengeClaimEntity } from './challenge-claim.entity.js';
import { ChallengeClaimsController } from './challenge-claims.controller.js';
import { ChallengeClaimsRepository } from './challenge-claims.repository.js';
import { ChallengeClaimsService } from './challenge-claims.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ChallengeClaimEntity]), ProfileCacheModule],
  controllers: [ChallengeClaimsController],
  providers: [ChallengeClaimsRepository, ChallengeClaimsService, Mailer],
})
export class ChallengeClaimsModule {}
