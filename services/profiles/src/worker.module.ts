import { Module } from '@nestjs/common';
import { RedisModule, ServiceCoreModule } from '@runpledge/server-kit';
import { env } from './config/env.js';
import { dataSourceOptions } from './database/data-source.js';
import { TotalsWorkerModule } from './fundraising-totals/totals-worker.module.js';

/** The BullMQ workers' process: reads DonorDrive and JustGiving totals, publishes `profiles.totals.changed`. */
@Module({
  imports: [
    ServiceCoreModule.forService({ service: 'profiles', dataSource: dataSourceOptions }),
    // The per-participant turn's connection; BullMQ opens its own from the same URL.
    RedisModule.forRoot(env.REDIS_URL, { maxRetriesPerRequest: 3 }),
    TotalsWorkerModule,
  ],
})
export class WorkerModule {}
