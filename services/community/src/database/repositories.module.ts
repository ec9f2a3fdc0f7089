import { Module } from '@nestjs/common';
import { EventRunnersRepository } from '../events/event-runners.repository.js';
import { EventsRepository } from '../events/events.repository.js';
import { OwnerAccessRepository } from '../pages/owner-access.repository.js';
import { PagesRepository } from '../pages/pages.repository.js';
import { RunnerDistancesRepository } from '../pages/runner-distances.repository.js';
import { StandingMembersRepository } from '../standings/standing-members.repository.js';
import { StandingsRepository } from '../standings/standings.repository.js';

const repositories = [
  PagesRepository,
  RunnerDistancesRepository,
  OwnerAccessRepository,
  StandingsRepository,
  StandingMembersRepository,
  EventsRepository,
  EventRunnersRepository,
];

/**
 * The service's tables, one repository each (entity and repository live in their feature's folder).
 * Every feature module that reads a table imports this module; features never import each other
 * for data, as in the other services (docs/architecture.md).
 */
@Module({
  providers: repositories,
  exports: repositories,
})
export class RepositoriesModule {}
