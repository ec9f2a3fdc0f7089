import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { TeamTotalsService } from './team-totals.service.js';

/** The teams' event-kept sums, for the features whose changes move them (pages, access, accounts). */
@Module({
  imports: [RepositoriesModule, ProfileCacheModule],
  providers: [TeamTotalsService],
  exports: [TeamTotalsService],
})
export class TeamTotalsModule {}
