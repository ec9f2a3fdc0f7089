import { Module } from '@nestjs/common';
import { CharityMembersModule } from '../charities/charity-members.module.js';
import { RepositoriesModule } from '../database/repositories.module.js';
import { EventMembershipModule } from '../events/event-membership.module.js';
import { StandingsModule } from '../standings/standings.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { PageProjectionService } from './page-projection.service.js';

/** Community's copy of the pages its groups show, kept from profiles', fitness's and billing's events. */
@Module({
  imports: [RepositoriesModule, StandingsModule, TeamsModule, CharityMembersModule, EventMembershipModule],
  providers: [PageProjectionService],
})
export class PageProjectionModule {}
