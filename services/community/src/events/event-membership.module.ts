import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StandingsModule } from '../standings/standings.module.js';
import { EventMembershipService } from './event-membership.service.js';

/** A page's place in its event's standing, kept in step with the event its copy names. */
@Module({
  imports: [RepositoriesModule, StandingsModule],
  providers: [EventMembershipService],
  exports: [EventMembershipService],
})
export class EventMembershipModule {}
