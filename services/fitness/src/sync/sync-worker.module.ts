import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { StravaConnectionsModule } from '../strava-connections/strava-connections.module.js';
import { SyncQueueModule } from './sync-queue.module.js';
import { StravaSyncService } from './strava-sync.service.js';
import { SyncProcessor } from './sync.processor.js';
import { WebhookSubscriptionModule } from '../webhook-subscription/webhook-subscription.module.js';

@Module({
  imports: [RepositoriesModule, SyncQueueModule, StravaConnectionsModule, WebhookSubscriptionModule],
  providers: [StravaSyncService, SyncProcessor],
})
export class SyncWorkerModule {}
