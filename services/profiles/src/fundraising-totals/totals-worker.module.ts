import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Mailer } from '@runpledge/server-kit';
import { AccountEntity } from '../accounts/account.entity.js';
import { AccountsRepository } from '../accounts/accounts.repository.js';
import { RunnerProfilesModule } from '../runner-profiles/runner-profiles.module.js';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { DonationEntity } from './donation.entity.js';
import { DonationsRepository } from './donations.repository.js';
import { MilestoneMailsService } from './milestone-mails.service.js';
import { MilestonesRepository } from './milestones.repository.js';
import { DonorDriveClient } from './donordrive.client.js';
import { JustGivingClient } from './justgiving.client.js';
import { TotalsQueueModule } from './totals-queue.module.js';
import { TotalsSyncProcessor } from './totals-sync.processor.js';
import { TotalsSyncService } from './totals-sync.service.js';

/** The totals sync's worker side: platform clients, the processor and the milestone mails. */
@Module({
  imports: [
    TypeOrmModule.forFeature([DonationEntity, AccountEntity]),
    RunnerProfilesModule,
    ProfileCacheModule,
    TotalsQueueModule,
  ],
  providers: [
    DonorDriveClient,
    JustGivingClient,
    DonationsRepository,
    MilestonesRepository,
    AccountsRepository,
    Mailer,
    MilestoneMailsService,
    TotalsSyncService,
    TotalsSyncProcessor,
  ],
  exports: [TotalsSyncService],
})
export class TotalsWorkerModule {}
