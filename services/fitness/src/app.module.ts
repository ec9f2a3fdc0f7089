import { Module } from '@nestjs/common';
import { RedisModule, ServiceCoreModule } from '@runpledge/server-kit';
import { env } from './config/env.js';
import { AccountDataModule } from './account-data/account-data.module.js';
import { ActivitiesModule } from './activities/activities.module.js';
import { ActivityUploadsModule } from './activity-uploads/activity-uploads.module.js';
import { dataSourceOptions } from './database/data-source.js';
import { DistanceByDayModule } from './distance-by-day/distance-by-day.module.js';
import { FitnessProfilesModule } from './fitness-profiles/fitness-profiles.module.js';
import { StravaConnectionsModule } from './strava-connections/strava-connections.module.js';
import { StravaModule } from './strava/strava.module.js';
import { SyncModule } from './sync/sync.module.js';
import { TrainingStatsModule } from './training-stats/training-stats.module.js';

/** The request handlers (NATS); the sync workers run in their own process (worker.module.ts). */
@Module({
  imports: [
    ServiceCoreModule.forService({ service: 'fitness', dataSource: dataSourceOptions }),
    // The rate budget's connection; BullMQ opens its own from the same URL.
    RedisModule.forRoot(env.REDIS_URL, { maxRetriesPerRequest: 3 }),
    StravaModule,
    FitnessProfilesModule,
    StravaConnectionsModule,
    ActivitiesModule,
    ActivityUploadsModule,
    TrainingStatsModule,
    SyncModule,
    AccountDataModule,
    DistanceByDayModule,
  ],
})
export class AppModule {}
