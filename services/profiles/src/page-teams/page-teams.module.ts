import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { PageTeamsService } from './page-teams.service.js';

/** Each page's team, copied from community's events. */
@Module({
  imports: [RepositoriesModule, ProfileCacheModule],
  providers: [PageTeamsService],
})
export class PageTeamsModule {}
