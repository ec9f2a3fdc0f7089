import { Module } from '@nestjs/common';
import { RedisModule, ServiceCoreModule } from '@runpledge/server-kit';
import { AccountDataModule } from './account-data/account-data.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { CharityMessagesModule } from './charity-messages/charity-messages.module.js';
import { ChallengeClaimsModule } from './challenges/challenge-claims.module.js';
import { env } from './config/env.js';
import { dataSourceOptions } from './database/data-source.js';
import { EncouragementsModule } from './encouragements/encouragements.module.js';
import { FundraisingTotalsModule } from './fundraising-totals/fundraising-totals.module.js';
import { FundraisingChallengesModule } from './challenges/fundraising-challenges.module.js';
import { PageInsightsModule } from './page-insights/page-insights.module.js';
import { OwnerAccessModule } from './owner-access/owner-access.module.js';
import { MailSuppressionModule } from './mail-suppression/mail-suppression.module.js';
import { PageTeamsModule } from './page-teams/page-teams.module.js';
import { PledgesModule } from './pledges/pledges.module.js';
import { RaceDayModule } from './race-day/race-day.module.js';
import { RunnerProfilesModule } from './runner-profiles/runner-profiles.module.js';

@Module({
  imports: [
    ServiceCoreModule.forService({ service: 'profiles', dataSource: dataSourceOptions }),
    // Owner insights' live counters; a request fails fast (503) rather than waiting for Redis.
    RedisModule.forRoot(env.REDIS_URL, { maxRetriesPerRequest: 1 }),
    AccountsModule,
    RunnerProfilesModule,
    FundraisingChallengesModule,
    FundraisingTotalsModule,
    EncouragementsModule,
    OwnerAccessModule,
    ChallengeClaimsModule,
    AccountDataModule,
    PageInsightsModule,
    PledgesModule,
    RaceDayModule,
    MailSuppressionModule,
    PageTeamsModule,
    CharityMessagesModule,
  ],
})
export class AppModule {}
