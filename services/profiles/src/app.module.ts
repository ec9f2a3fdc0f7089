import { Module } from '@nestjs/common';
import { ServiceCoreModule } from '@runpledge/server-kit';
import { AccountDataModule } from './account-data/account-data.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { ChallengeClaimsModule } from './challenge-claims/challenge-claims.module.js';
import { dataSourceOptions } from './database/data-source.js';
import { EncouragementsModule } from './encouragements/encouragements.module.js';
import { FundraisingTotalsModule } from './fundraising-totals/fundraising-totals.module.js';
import { FundraisingChallengesModule } from './fundraising-challenges/fundraising-challenges.module.js';
import { OwnerAccessModule } from './owner-access/owner-access.module.js';
import { RunnerProfilesModule } from './runner-profiles/runner-profiles.module.js';

@Module({
  imports: [
    ServiceCoreModule.forService({ service: 'profiles', dataSource: dataSourceOptions }),
    AccountsModule,
    RunnerProfilesModule,
    FundraisingChallengesModule,
    FundraisingTotalsModule,
    EncouragementsModule,
    OwnerAccessModule,
    ChallengeClaimsModule,
    AccountDataModule,
  ],
})
export class AppModule {}
