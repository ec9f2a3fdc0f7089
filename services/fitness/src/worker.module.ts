import { Module } from '@nestjs/common';
import { RedisModule, ServiceCoreModule } from '@runpledge/server-kit';
import { env } from './config/env.js';
import { dataSourceOptions } from './database/data-source.js';
import { StravaModule } from './strava/strava.module.js';
import { SyncWorkerModule } from './sync/sync-worker.module.js';

/** The BullMQ workers' process: syncs with Strava, publishes `fitness.activities.synced`. */
@Module({
  imports: [
    ServiceCoreModule.forService({ service: 'fitness', dataSource: dataSourceOptions }),
    // The rate budget's connection; BullMQ opens its own from the same URL.
    RedisModule.forRoot(env.REDIS_URL, { maxRetriesPerRequest: 3 }),
    StravaModule,
    SyncWorkerModule,
  ],
})
export class WorkerModule {}
