import { Module } from '@nestjs/common';
import type { TeamPageResponse } from '@runpledge/contracts';
import { env } from '../../config/env.js';
import { IdentityModule } from '../../identity/identity.module.js';
import { PublicTeamViews } from './public-team-views.js';
import { ViewCache } from '../../common/view-cache.js';
import { TeamsController } from './teams.controller.js';

/** /api/teams: charity teams, owned by community. */
@Module({
  imports: [IdentityModule],
  controllers: [TeamsController],
  providers: [
    // Teams change with every member's donation: a visitor's read is kept only briefly.
    { provide: ViewCache, useValue: new ViewCache<TeamPageResponse>(env.TEAM_VIEW_CACHE_TTL_MS) },
    PublicTeamViews,
  ],
})
export class TeamsModule {}
