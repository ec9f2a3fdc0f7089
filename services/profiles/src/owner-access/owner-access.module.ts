import { Module } from '@nestjs/common';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { RunnerProfilesModule } from '../runner-profiles/runner-profiles.module.js';
import { OwnerAccessRepository } from './owner-access.repository.js';
import { OwnerAccessService } from './owner-access.service.js';

@Module({
  imports: [RunnerProfilesModule, ProfileCacheModule],
  providers: [OwnerAccessRepository, OwnerAccessService],
})
export class OwnerAccessModule {}
