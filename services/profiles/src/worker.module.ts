import { Module } from '@nestjs/common';
import { RedisModule, ServiceCoreModule } from '@runpledge/server-kit';
import { env } from './config/env.js';
import { dataSourceOptions } from './database/data-source.js';
import { ClaimDigestWorkerModule } from './challenges/claim-digest-worker.module.js';
import { TotalsWorkerModule } from './fundraising-totals/totals-worker.module.js';
import { PageInsightsFlushProcessor } from './page-insights/page-insights-flush.processor.js';
import { PageInsightsModule } from './page-insights/page-insights.module.js';
import { PledgesWorkerModule } from './pledges/pledges-worker.module.js';
import { RaceDayWorkerModule } from './race-day/race-day-worker.module.js';

/**
 * The BullMQ workers' process: reads DonorDrive and JustGiving totals, publishes `profiles.totals.changed`;
 * copies owner insights from Redis to `page_daily_stats`; mails owners their claim digests;
 * makes pledges per mile fall due and mails their supporters; sends race-day mails to followers and
 * pledgers. Every scheduled sweep of profiles is a repeatable job here.
 */
@Module({
  imports: [
    ServiceCoreModule.forService({ service: 'profiles', dataSource: dataSourceOptions }),
    // The per-participant turn's connection; BullMQ opens its own from the same URL.
    RedisModule.forRoot(env.REDIS_URL, { maxRetriesPerRequest: 3 }),
    TotalsWorkerModule,
    ClaimDigestWorkerModule,
    PageInsightsModule,
    PledgesWorkerModule,
    RaceDayWorkerModule,
  ],
  providers: [PageInsightsFlushProcessor],
})
export class WorkerModule {}
