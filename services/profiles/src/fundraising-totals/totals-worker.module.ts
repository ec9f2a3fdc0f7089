import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { Mailer } from '@runpledge/server-kit';
import { ProfileCacheModule } from '../profile-cache/profile-cache.module.js';
import { MilestoneMailsService } from './milestone-mails.service.js';
import { DonorDriveClient } from './donordrive.client.js';
import { JustGivingClient } from './justgiving.client.js';
import { TotalsQueueModule } from './totals-queue.module.js';
import { TotalsSyncProcessor } from './totals-sync.processor.js';
import { TotalsSyncService } from './totals-sync.service.js';

/** The totals sync's worker side: platform clients, the processor and the milestone mails. */
@Module({
  imports: [RepositoriesModule, ProfileCacheModule, TotalsQueueModule],
  providers: [
    DonorDriveClient,
    JustGivingClient,
    Mailer,
    MilestoneMailsService,
    TotalsSyncService,
    TotalsSyncProcessor,
  ],
  exports: [TotalsSyncService],
})
export class TotalsWorkerModule {}
