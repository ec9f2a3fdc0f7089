import { Module } from '@nestjs/common';
import { AccountEmailsRepository } from '../accounts/account-emails.repository.js';
import { SuppressedInboxesRepository } from '../mail/suppressed-inboxes.repository.js';
import { TeamMemberNoticesRepository } from '../teams/team-member-notices.repository.js';
import { TeamRequestMailsRepository } from '../teams/team-request-mails.repository.js';
import { TeamsRepository } from '../teams/teams.repository.js';
import { CharitiesRepository } from '../charities/charities.repository.js';
import { CharityMessagesRepository } from '../charities/charity-messages.repository.js';
import { CharityLinksRepository } from '../charities/charity-links.repository.js';
import { CharityRunnersRepository } from '../charities/charity-runners.repository.js';
import { CharityStaffRepository } from '../charities/charity-staff.repository.js';
import { EventRunnersRepository } from '../events/event-runners.repository.js';
import { EventsRepository } from '../events/events.repository.js';
import { OwnerAccessRepository } from '../pages/owner-access.repository.js';
import { PagesRepository } from '../pages/pages.repository.js';
import { RunnerDistancesRepository } from '../pages/runner-distances.repository.js';
import { StandingCurrencySumsRepository } from '../standings/standing-currency-sums.repository.js';
import { StandingMembersRepository } from '../standings/standing-members.repository.js';
import { StandingsRepository } from '../standings/standings.repository.js';

const repositories = [
  PagesRepository,
  RunnerDistancesRepository,
  OwnerAccessRepository,
  StandingsRepository,
  StandingMembersRepository,
  TeamsRepository,
  TeamMemberNoticesRepository,
  TeamRequestMailsRepository,
  AccountEmailsRepository,
  SuppressedInboxesRepository,
  StandingCurrencySumsRepository,
  CharitiesRepository,
  CharityStaffRepository,
  CharityLinksRepository,
  CharityRunnersRepository,
  CharityMessagesRepository,
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
