import { Module } from '@nestjs/common';
import { RepositoriesModule } from '../database/repositories.module.js';
import { WebhookSubscriptionService } from './webhook-subscription.service.js';

@Module({
  imports: [RepositoriesModule],
  providers: [WebhookSubscriptionService],
  exports: [WebhookSubscriptionService],
})
export class WebhookSubscriptionModule {}
