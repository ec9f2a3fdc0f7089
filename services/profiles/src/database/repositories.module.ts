import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccountDataRepository } from '../account-data/account-data.repository.js';
import { AccountEntity } from '../accounts/account.entity.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { ChallengeClaimEntity } from '../challenges/challenge-claim.entity.js';
import { ChallengeClaimsRepository } from '../challenges/challenge-claims.repository.js';
import { EncouragementEntity } from '../encouragements/encouragement.entity.js';
import { EncouragementsRepository } from '../encouragements/encouragements.repository.js';
import { DonationEntity } from '../fundraising-totals/donation.entity.js';
import { DonationsRepository } from '../fundraising-totals/donations.repository.js';
import { MilestonesRepository } from '../fundraising-totals/milestones.repository.js';
import { OwnerAccessRepository } from '../owner-access/owner-access.repository.js';
import { PageDailyStatsRepository } from '../page-insights/page-daily-stats.repository.js';
import { FundraisingChallengeEntity } from '../challenges/fundraising-challenge.entity.js';
import { FundraisingChallengesRepository } from '../challenges/fundraising-challenges.repository.js';
import { RunnerProfileEntity } from '../runner-profiles/runner-profile.entity.js';
import { MailSuppressionRepository } from '../mail-suppression/mail-suppression.repository.js';
import { PledgesRepository } from '../pledges/pledges.repository.js';
import { RunLedgerRepository } from '../pledges/run-ledger.repository.js';
import { RaceDayRepository } from '../race-day/race-day.repository.js';
import { RunnerProfilesRepository } from '../runner-profiles/runner-profiles.repository.js';
import { PageTeamsRepository } from '../page-teams/page-teams.repository.js';

const repositories = [
  RunnerProfilesRepository,
  FundraisingChallengesRepository,
  ChallengeClaimsRepository,
  EncouragementsRepository,
  DonationsRepository,
  MilestonesRepository,
  AccountsRepository,
  OwnerAccessRepository,
  PageDailyStatsRepository,
  AccountDataRepository,
  PageTeamsRepository,
  PledgesRepository,
  RunLedgerRepository,
  MailSuppressionRepository,
  RaceDayRepository,
];

/**
 * The service's tables, one repository each (entity and repository live in their feature's folder).
 * Every feature module that reads a table imports this module; features never import each other
 * for data. The same in all four services (docs/architecture.md).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      RunnerProfileEntity,
      FundraisingChallengeEntity,
      ChallengeClaimEntity,
      EncouragementEntity,
      DonationEntity,
      AccountEntity,
    ]),
  ],
  providers: repositories,
  exports: repositories,
})
export class RepositoriesModule {}
