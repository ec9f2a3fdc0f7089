import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { SyncController } from './sync.controller.js';
import { SyncQueueModule } from './sync-queue.module.js';
import { SyncService } from './sync.service.js';
import { WebhookSubscriptionModule } from '../webhook-subscription/webhook-subscription.module.js';

@Module({
  imports: [RepositoriesModule, SyncQueueModule, WebhookSubscriptionModule],
  controllers: [SyncController],
  providers: [SyncService],
})
export class SyncModule {}
