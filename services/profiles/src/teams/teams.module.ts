import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { TeamMailQueue } from './team-mail.queue.js';
import { TeamTotalsModule } from './team-totals.module.js';
import { TeamsController } from './teams.controller.js';
import { TeamsService } from './teams.service.js';

/** Charity teams of pages: their rules over RPC; their sums are kept by TeamTotalsModule. */
@Module({
  imports: [RepositoriesModule, ProfileCacheModule, TeamTotalsModule],
  controllers: [TeamsController],
  providers: [TeamsService, TeamMailQueue],
})
export class TeamsModule {}
