import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { TeamTotalsModule } from '../teams/team-totals.module.js';
import { OwnerAccessService } from './owner-access.service.js';

@Module({
  imports: [RepositoriesModule, ProfileCacheModule, TeamTotalsModule],
  providers: [OwnerAccessService],
  exports: [OwnerAccessService],
})
export class OwnerAccessModule {}
