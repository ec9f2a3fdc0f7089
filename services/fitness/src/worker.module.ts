import { Module } from '@nestjs/common';
import { ServiceCoreModule } from '@runpledge/server-kit';
import { dataSourceOptions } from './database/data-source.js';
import { RepositoriesModule } from './database/repositories.module.js';
import { RedisModule } from './redis/redis.module.js';
import { StravaModule } from './strava/strava.module.js';
import { SyncWorkerModule } from './sync/sync-worker.module.js';

/** The BullMQ workers' process: syncs with Strava, publishes `fitness.activities.synced`. */
@Module({
  imports: [
    ServiceCoreModule.forService({ service: 'fitness', dataSource: dataSourceOptions }),
    RedisModule,
    StravaModule,
    RepositoriesModule,
    SyncWorkerModule,
  ],
})
export class WorkerModule {}
